import { useQuery } from '@tanstack/react-query';
import { AdminsModal } from '../../../components/admin/admins-modal.tsx';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import { InviteModal } from '../../../components/admin/invite-modal.tsx';
import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { adminsOf } from '../../../components/admin/user-summary.ts';
import { LeagueHistoryModal } from '../../../components/change-history.tsx';
import { useT } from '../../../lib/i18n.ts';
import { meQueryOptions } from '../../../lib/me.ts';
import type { OrganizationOption } from '../../../lib/organization-options.ts';
import { useCreateLeague } from '../api/create-league.ts';
import { useDeleteLeague } from '../api/delete-league.ts';
import { useInviteLeagueAdmin } from '../api/invite-league-admin.ts';
import type { League } from '../api/list-leagues.ts';
import { useUpdateLeague } from '../api/update-league.ts';
import { AddLeagueModal } from './add-league-modal.tsx';
import { LeagueModal } from './league-modal.tsx';
import { OfficialsModal } from './officials-modal.tsx';
import { RestRuleModal, restRuleErrorText } from './rest-rule-modal.tsx';

/** What League Management's buttons open, each sending its change for the league (or the organization's new one). */
export function LeagueModals({
  modal,
  organization,
}: {
  modal: AdminModalState<League>;
  organization: OrganizationOption;
}) {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const create = useCreateLeague();
  const update = useUpdateLeague();
  const remove = useDeleteLeague();
  const invite = useInviteLeagueAdmin();
  // An admin finds only the people of their organization; someone new comes by Invite Admin.
  const pickerHint = me.data?.roles.includes('SuperAdmin') ? undefined : t('admin.leagues.pickerHint');
  const target = modal.target;

  return (
    <>
      <AddLeagueModal
        {...modal.props}
        opened={modal.mode === 'add'}
        organization={organization}
        onSave={(input) =>
          modal.run(() => create.mutateAsync({ ...input, organizationId: organization.id }), t('admin.failed.save'))
        }
      />

      {/* The name and the official-count deadline  */}
      <LeagueModal
        {...modal.props}
        league={modal.mode === 'edit' ? target : null}
        onSave={(input) =>
          target &&
          modal.run(
            () => update.mutateAsync({ id: target.id, version: target.version, ...input }),
            t('admin.failed.save'),
          )
        }
      />

      <LeagueHistoryModal league={modal.mode === 'history' ? target : null} onClose={modal.close} />
      <OfficialsModal league={modal.mode === 'officials' ? target : null} onClose={modal.close} />
      <DeleteModal
        modal={modal}
        title={t('admin.leagues.deleteTitle')}
        question={t('admin.leagues.deleteQuestion')}
        failed={t('admin.failed.delete')}
        onDelete={(league) => remove.mutateAsync(league.id)}
      />

      <AdminsModal
        {...modal.props}
        opened={modal.mode === 'manageAdmins'}
        title={t('admin.manageAdmins.title', { name: target?.name ?? '' })}
        placeholder={t('admin.picker.searchUsers')}
        description={pickerHint}
        initialAdmins={target ? adminsOf(target) : []}
        onSave={(admins) =>
          target &&
          modal.run(
            () => update.mutateAsync({ id: target.id, version: target.version, admins }),
            t('admin.failed.admins'),
          )
        }
      />

      <InviteModal
        {...modal.props}
        opened={modal.mode === 'inviteAdmin'}
        title={t('admin.leagues.inviteAdminTo', { name: target?.name ?? '' })}
        explanation={t('admin.leagues.inviteExplanation')}
        onInvite={async (input) => (target ? await invite.mutateAsync({ leagueId: target.id, ...input }) : null)}
        run={(work) => modal.run(work, t('admin.failed.invite'))}
        onPasswordClosed={() => invite.reset()}
      />

      <RestRuleModal
        {...modal.props}
        league={modal.mode === 'manageRestRule' ? target : null}
        organization={organization}
        onSave={(restRuleId) =>
          target &&
          modal.run(
            async () => {
              try {
                await update.mutateAsync({ id: target.id, version: target.version, restRuleId });
              } catch (caught) {
                throw new Error(restRuleErrorText(t, caught));
              }
            },
            restRuleErrorText(t, null),
          )
        }
      />
    </>
  );
}
