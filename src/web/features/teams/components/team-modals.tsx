import { Trans } from '@lingui/react';
import { Text } from '@mantine/core';
import type { MessageId } from '../../../../core/i18n/messages.ts';
import { AdminsModal } from '../../../components/admin/admins-modal.tsx';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import { InviteModal } from '../../../components/admin/invite-modal.tsx';
import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { type UserSummary, userName } from '../../../components/admin/user-summary.ts';
import { useT } from '../../../lib/i18n.ts';
import type { LeagueOption } from '../../../lib/league-options.ts';
import type { SeasonOption } from '../../../lib/season-options.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useDeleteTeam } from '../api/delete-team.ts';
import { useInviteCoach } from '../api/invite-coach.ts';
import type { Team } from '../api/list-teams.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { TeamFormModal } from './team-form-modal.tsx';

const coachesOf = (team: Team): UserSummary[] => team.coachUsers;

/** What Team Management's buttons open, each sending its change for the team (or the season's new one). */
export function TeamModals({
  modal,
  season,
  leagues,
}: {
  modal: AdminModalState<Team>;
  season: SeasonOption | null;
  /** The organization's leagues, one of which a new team joins. */
  leagues: LeagueOption[];
}) {
  const t = useT();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const remove = useDeleteTeam();
  const invite = useInviteCoach();
  const target = modal.target;

  return (
    <>
      <TeamFormModal
        {...modal.props}
        opened={modal.mode === 'add' || modal.mode === 'edit'}
        title={
          modal.mode === 'edit' ? t('admin.teams.editTitle') : t('admin.teams.addTitle', { season: season?.name ?? '' })
        }
        leagues={modal.mode === 'add' ? leagues : null}
        initialName={modal.mode === 'edit' ? (target?.name ?? '') : ''}
        onSave={({ name, leagueId }) =>
          modal.run(
            () =>
              target
                ? update.mutateAsync({ id: target.id, version: target.version, name })
                : create.mutateAsync({ name, leagueId: leagueId ?? '', seasonId: season?.id ?? '' }),
            t('admin.failed.save'),
          )
        }
      />

      <AdminsModal
        {...modal.props}
        opened={modal.mode === 'manageAdmins'}
        title={t('admin.teams.coachesTitle', { name: target?.name ?? '' })}
        label={t('admin.teams.coaches')}
        placeholder={t('admin.picker.searchUsers')}
        description={t('admin.teams.coachesHint')}
        initialAdmins={target ? coachesOf(target) : []}
        onSave={(coaches) =>
          target &&
          modal.run(
            () => update.mutateAsync({ id: target.id, version: target.version, coaches }),
            t('admin.teams.coachesFailed'),
          )
        }
      />

      <InviteModal
        {...modal.props}
        opened={modal.mode === 'inviteCoach'}
        title={t('admin.teams.inviteCoachTo', { name: target?.name ?? '' })}
        explanation={t('admin.teams.inviteExplanation')}
        onInvite={async (input) => (target ? await invite.mutateAsync({ teamId: target.id, ...input }) : null)}
        run={(work) => modal.run(work, t('admin.failed.invite'))}
        onPasswordClosed={() => invite.reset()}
      />

      <DeleteModal
        modal={modal}
        title={t('admin.teams.deleteTitle')}
        question={t('admin.teams.deleteQuestion')}
        failed={t('admin.failed.delete')}
        onDelete={(team) => remove.mutateAsync(team.id)}
      >
        {target ? (
          <Text size="sm">
            <Trans
              id={'admin.teams.deleteDetails' satisfies MessageId}
              values={{
                name: target.name,
                players: target.playerCount,
                coaches: target.coachUsers.map(userName).join(', ') || t('admin.teams.noCoaches'),
              }}
              components={{ 0: <b /> }}
            />
          </Text>
        ) : null}
      </DeleteModal>
    </>
  );
}
