import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyRow } from '../../../components/admin/admin-table.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { RuleForm } from './rule-form.ts';
import { AddRowButton, RemoveButton } from './rule-inputs.tsx';

/** What each part of the rule's form is handed by the modal. */
export interface RulePartProps {
  /** The modal's id prefix, for the rows' first fields and the add buttons. */
  ids: string;
  form: RuleForm;
  edit: (change: (current: RuleForm) => Partial<RuleForm>) => void;
  busy: boolean;
  isInvalid: (field: string) => boolean;
  /** Moves the keyboard focus to the element with this id once it is on screen. */
  focus: (id: string) => void;
}

/** Where a row's cells stand: its index, its number as people count (1 for the first), its first field's id. */
export interface RowPlace<Row> {
  index: number;
  n: number;
  /** The id of the row's first field, which the keyboard focus goes to when the row is added. */
  id: string;
  /** Changes some of the row's fields. */
  set: (change: Partial<Row>) => void;
}

/**
 * A table of a rule's rows (intervals, daily limits, caps): its columns, a dimmed line when it has no
 * rows, each row's cells and a Remove button named for the row ('Remove cap 2'), then the Add button.
 * Keyboard users land on the row they added, or on the Add button after removing one.
 */
export function RuleRows<Row extends { key: number }>({
  label,
  removeLabel,
  columns,
  empty,
  rows,
  update,
  create,
  idPrefix,
  addId,
  addLabel,
  busy,
  focus,
  minWidth,
  cells,
}: {
  /** The table's accessible name: 'Caps'. */
  label: string;
  /** The n-th row's Remove button's name: 'Remove daily limit 2'. */
  removeLabel: (n: number) => string;
  /** The headings before Remove. */
  columns: string[];
  empty: string;
  rows: Row[];
  /** Applies a change to the current rows. */
  update: (change: (rows: Row[]) => Row[]) => void;
  /** A new row, as Add puts it. */
  create: () => Row;
  /** A row's first field's id is this and the row's key. */
  idPrefix: string;
  addId: string;
  addLabel: string;
  busy: boolean;
  focus: (id: string) => void;
  /** A wide table scrolls sideways inside its box below this width. */
  minWidth?: number;
  /** The row's cells, before its Remove button. */
  cells: (row: Row, place: RowPlace<Row>) => ReactNode[];
}) {
  const t = useT();
  const table = (
    <Table verticalSpacing={4} horizontalSpacing={4} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {[...columns, t('common.remove')].map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? <EmptyRow columns={columns.length + 1}>{empty}</EmptyRow> : null}
        {rows.map((row, index) => {
          const set = (change: Partial<Row>) =>
            update((current) => current.map((other) => (other.key === row.key ? { ...other, ...change } : other)));
          return (
            <Table.Tr key={row.key}>
              {cells(row, { index, n: index + 1, id: `${idPrefix}-${row.key}`, set }).map((cell, at) => (
                // The cells of a row keep their places: their index is their identity.
                <Table.Td key={at}>{cell}</Table.Td>
              ))}
              <Table.Td>
                <RemoveButton
                  label={removeLabel(index + 1)}
                  disabled={busy}
                  onClick={() => {
                    update((current) => current.filter((other) => other.key !== row.key));
                    focus(addId);
                  }}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
  return (
    <>
      {minWidth ? (
        <Table.ScrollContainer minWidth={minWidth} type="native">
          {table}
        </Table.ScrollContainer>
      ) : (
        table
      )}
      <AddRowButton
        id={addId}
        disabled={busy}
        onClick={() => {
          const added = create();
          update((current) => [...current, added]);
          focus(`${idPrefix}-${added.key}`);
        }}
      >
        {addLabel}
      </AddRowButton>
    </>
  );
}
