import { Table, type TableProps, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A column heading; `false` leaves the column out (e.g. Actions for someone who may only read), `hidden` says it
 * to screen readers only (a column of Open buttons).
 */
export type AdminColumn = string | { label: string; className?: string; hidden?: boolean } | false;

export interface AdminTableProps extends TableProps {
  /** Below this width the table scrolls sideways inside its box (a phone). */
  minWidth: number;
  /** The scroll box: the browser's own ('native') or Mantine's ScrollArea. */
  scroll?: 'native' | 'scrollarea';
  columns: AdminColumn[];
  /** The one dimmed line shown instead of rows, when there are none. */
  empty?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/** The table of an admin screen: headed columns, its rows, or a dimmed line when it has none. */
export function AdminTable({ minWidth, scroll = 'native', columns, empty, children, ...table }: AdminTableProps) {
  const shown = columns.filter((column) => column !== false);
  return (
    <Table.ScrollContainer minWidth={minWidth} type={scroll}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) =>
              typeof column === 'string' ? (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ) : (
                <Table.Th key={column.label} scope="col" className={column.className}>
                  {column.hidden ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {empty ? <EmptyRow columns={shown.length}>{empty}</EmptyRow> : null}
          {children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A table's one row saying there is nothing to list, across all its columns. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
