import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../components/admin/admin-page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useDeleteOutsideOuting, type useOutsideOutings } from '../api/outside-outings.ts';

/** The outings parents reported outside the league, each with Delete; a refused deletion goes to `onDeleteFailed`. */
export function ReportedOutings({
  outings,
  onDeleteFailed,
}: {
  /** Asked for by the page as it opens, with the children. */
  outings: ReturnType<typeof useOutsideOutings>;
  onDeleteFailed: (error: unknown) => void;
}) {
  const remove = useDeleteOutsideOuting();
  const t = useT();
  return (
    <Stack gap="sm">
      <Title order={2}>{t('status.reported.title')}</Title>
      {outings.isError ? <LoadFailed error={outings.error} fallback={t('status.reported.loadFailed')} /> : null}
      {outings.data?.length === 0 ? <Text c="dimmed">{t('status.reported.none')}</Text> : null}
      {outings.data && outings.data.length > 0 ? (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="sm" aria-label={t('status.reported.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('status.reported.date')}</Table.Th>
                <Table.Th scope="col">{t('status.reported.child')}</Table.Th>
                <Table.Th scope="col">{t('status.reported.where')}</Table.Th>
                <Table.Th scope="col">{t('status.reported.pitches')}</Table.Th>
                <Table.Th scope="col">{t('status.reported.innings')}</Table.Th>
                <Table.Th scope="col">{t('status.reported.reportedBy')}</Table.Th>
                <Table.Th scope="col">{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outings.data.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Th scope="row" fw={500}>
                    {formatDate(o.date)}
                  </Table.Th>
                  <Table.Td>{o.playerName}</Table.Td>
                  <Table.Td>{o.description}</Table.Td>
                  <Table.Td>{o.pitches}</Table.Td>
                  <Table.Td>{o.innings}</Table.Td>
                  <Table.Td>{o.reportedByName}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={t('status.reported.deleteLabel', { name: o.playerName, date: formatDate(o.date) })}
                      loading={remove.isPending && remove.variables === o.id}
                      onClick={() => void remove.mutateAsync(o.id).catch(onDeleteFailed)}
                    >
                      {t('common.delete')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
