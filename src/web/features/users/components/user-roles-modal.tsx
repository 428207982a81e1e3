import { Checkbox, Group, MultiSelect, Text } from '@mantine/core';
import { useMemo } from 'react';
import { ROLES } from '../../../../core/roles.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { type AdminFormProps, AdminModal } from '../../../components/admin/admin-modal.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { useOrganizationOptions } from '../../../lib/organization-options.ts';
import type { User } from '../api/list-users.ts';
import { useFormOnOpen } from './use-form-on-open.ts';

export interface RolesInput {
  roles: string[];
  adminOrganizationIds: string[];
  adminLeagueIds: string[];
}

/**
 * Roles and admin scopes, saved together in one call. The spec shows no way to assign roles, so this
 * modal is the project's own design; an admins list grants the admin role with its scope (docs/decisions/0006).
 */
export function UserRolesModal({ user, onSave, ...shown }: AdminFormProps<RolesInput> & { user: User | null }) {
  const t = useT();
  const organizations = useOrganizationOptions(shown.opened);
  const leagues = useLeagueOptions(shown.opened);
  const [form, setForm] = useFormOnOpen(shown.opened, () => ({
    of: user?.email ?? '',
    roles: user?.roles ?? [],
    adminOrganizationIds: user?.adminOrganizationIds ?? [],
    adminLeagueIds: user?.adminLeagueIds ?? [],
  }));

  const organizationData = useMemo(
    () => (organizations.data ?? []).map((org) => ({ value: org.id, label: org.name })),
    [organizations.data],
  );
  // Leagues read 'League (Organization)': two organizations may each have a 'Majors'.
  const leagueData = useMemo(() => {
    const names = new Map((organizations.data ?? []).map((org) => [org.id, org.name]));
    return (leagues.data ?? []).map((league) => ({
      value: league.id,
      label: t('admin.users.leagueOption', {
        league: league.name,
        organization: names.get(league.organizationId) ?? league.organizationId,
      }),
    }));
  }, [leagues.data, organizations.data, t]);

  const loadError = organizations.error ?? leagues.error;

  const onConfirm = () =>
    onSave({
      // In the canonical order, whatever order they were ticked in.
      roles: ROLES.filter((role) => form.roles.includes(role)),
      adminOrganizationIds: form.adminOrganizationIds,
      adminLeagueIds: form.adminLeagueIds,
    });

  return (
    <AdminModal
      {...shown}
      title={t('admin.users.rolesOf', { email: form.of })}
      onConfirm={onConfirm}
      error={shown.error ?? (loadError ? adminErrorMessage(loadError, t('admin.users.choicesFailed')) : null)}
    >
      <Checkbox.Group
        label={t('admin.users.roles')}
        value={form.roles}
        onChange={(roles) => setForm((current) => ({ ...current, roles }))}
      >
        <Group gap="md" mt="xs">
          {ROLES.map((role) => (
            <Checkbox key={role} value={role} label={t(`admin.role.${role}`)} disabled={shown.busy} />
          ))}
        </Group>
      </Checkbox.Group>
      <MultiSelect
        label={t('admin.users.adminOfOrganizations')}
        placeholder={organizations.isPending ? t('admin.users.loadingChoices') : t('admin.users.chooseOrganizations')}
        data={organizationData}
        value={form.adminOrganizationIds}
        onChange={(adminOrganizationIds) => setForm((current) => ({ ...current, adminOrganizationIds }))}
        disabled={shown.busy}
        searchable
        clearable
        limit={100}
        nothingFoundMessage={t('admin.users.noOrganizationFound')}
        maxDropdownHeight={200}
      />
      <MultiSelect
        label={t('admin.users.adminOfLeagues')}
        placeholder={leagues.isPending ? t('admin.users.loadingChoices') : t('admin.users.chooseLeagues')}
        data={leagueData}
        value={form.adminLeagueIds}
        onChange={(adminLeagueIds) => setForm((current) => ({ ...current, adminLeagueIds }))}
        disabled={shown.busy}
        searchable
        clearable
        limit={100}
        nothingFoundMessage={t('admin.users.noLeagueFound')}
        maxDropdownHeight={200}
      />
      <Text size="sm" c="dimmed">
        {t('admin.users.rolesNote')}
      </Text>
    </AdminModal>
  );
}
