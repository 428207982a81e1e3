import { useState } from 'react';

/**
 * A modal's form values, started afresh from `init` each time the modal opens. The modal itself stays
 * mounted, so Mantine can give focus back to the button that opened it.
 */
export function useFormOnOpen<T>(opened: boolean, init: () => T) {
  const [values, setValues] = useState<T>(init);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setValues(init());
  }
  return [values, setValues] as const;
}
