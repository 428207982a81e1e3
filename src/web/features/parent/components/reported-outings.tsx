import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../components/admin/admin-page.tsx';
import { formatDate } from '../../../lib/format.ts';
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
  return (
    <Stack gap="sm">
      <Title order={2}>Reported outings</Title>
      {outings.isError ? <LoadFailed error={outings.error} fallback="Failed to load the reported outings" /> : null}
      {outings.data?.length === 0 ? <Text c="dimmed">Nothing reported yet.</Text> : null}
      {outings.data && outings.data.length > 0 ? (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="sm" aria-label="Reported outings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Child</Table.Th>
                <Table.Th scope="col">Where</Table.Th>
                <Table.Th scope="col">Pitches</Table.Th>
                <Table.Th scope="col">Innings</Table.Th>
                <Table.Th scope="col">Reported by</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
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
                      aria-label={`Delete the outing of ${o.playerName} on ${formatDate(o.date)}`}
                      loading={remove.isPending && remove.variables === o.id}
                      onClick={() => void remove.mutateAsync(o.id).catch(onDeleteFailed)}
                    >
                      Delete
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
