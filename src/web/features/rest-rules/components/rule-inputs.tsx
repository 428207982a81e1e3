import { Button, NumberInput, type StyleProp } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useT } from '../../../lib/i18n.ts';
import type { NumberValue } from './rule-form.ts';

/** A whole number in a table cell: named for screen readers by `label`, empty allowed. */
export function CellNumber({
  id,
  label,
  value,
  onChange,
  max,
  min = 0,
  invalid,
  disabled,
  placeholder,
  width = { base: 48, xs: 64 },
  controls = false,
}: {
  id?: string;
  label: string;
  value: NumberValue;
  onChange: (value: NumberValue) => void;
  max: number;
  min?: number;
  invalid: boolean;
  disabled: boolean;
  placeholder?: string;
  /** Narrower on a phone, so the Intervals table fits its screen. */
  width?: StyleProp<CSSProperties['width']>;
  controls?: boolean;
}) {
  return (
    <NumberInput
      id={id}
      aria-label={label}
      value={value}
      onChange={onChange}
      min={min}
      max={max}
      allowDecimal={false}
      // A minus sign is kept and nothing is clamped: the rule's check says what is wrong (-10 was saved as 10).
      clampBehavior="none"
      hideControls={!controls}
      placeholder={placeholder}
      disabled={disabled}
      error={invalid}
      w={width}
      // Narrow boxes: less padding leaves room for three digits (or 'any').
      styles={{ input: { paddingInline: 8 } }}
    />
  );
}

/** A row's Remove button, named for the row ('Remove interval 2'). */
export function RemoveButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <Button
      variant="subtle"
      color="red"
      // Mantine's subtle red text is shade 6 (3.3:1 on white); shade 9 reaches 4.5:1.
      c="red.9"
      size="compact-sm"
      px={{ base: 4, xs: 6 }}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {t('common.remove')}
    </Button>
  );
}

/** '+ Add Interval', '+ Add Daily Limit', '+ Add Cap'. */
export function AddRowButton({
  id,
  children,
  disabled,
  onClick,
}: {
  id: string;
  children: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <div>
      <Button id={id} variant="default" size="compact-sm" disabled={disabled} onClick={onClick}>
        {children}
      </Button>
    </div>
  );
}
