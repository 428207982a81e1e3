import { createContext, useContext } from 'react';
import type { MenuSection } from '../../../../core/menu.ts';

/** What the sidebar and the dashboard page share: the sections the roles allow and the one selected. */
export interface MenuState {
  sections: readonly MenuSection[];
  selectedId: string | null;
}

export const MenuStateContext = createContext<MenuState>({ sections: [], selectedId: null });

export function useMenuState(): MenuState {
  return useContext(MenuStateContext);
}
