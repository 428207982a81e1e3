import { Text } from '@mantine/core';
import { AdminsModal } from '../../../components/admin/admins-modal.tsx';
import { DeleteModal } from '../../../components/admin/delete-modal.tsx';
import { InviteModal } from '../../../components/admin/invite-modal.tsx';
import type { AdminModalState } from '../../../components/admin/use-admin-modal.ts';
import { type UserSummary, userName } from '../../../components/admin/user-summary.ts';
import type { LeagueOption } from '../../../lib/league-options.ts';
import type { SeasonOption } from '../../../lib/season-options.ts';
import { useCreateTeam } from '../api/create-team.ts';
import { useDeleteTeam } from '../api/delete-team.ts';
import { useInviteCoach } from '../api/invite-coach.ts';
import type { Team } from '../api/list-teams.ts';
import { useUpdateTeam } from '../api/update-team.ts';
import { TeamFormModal } from './team-form-modal.tsx';

export const DELETE_QUESTION = 'Are you sure you want to delete this team?';
export const SAVE_FAILED = 'Operation failed';
export const DELETE_FAILED = 'Delete failed';
export const COACHES_FAILED = 'Update coaches failed';
export const INVITE_FAILED = 'Invite failed';

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
        title={modal.mode === 'edit' ? 'Edit Team' : `Add Team to ${season?.name ?? ''}`}
        leagues={modal.mode === 'add' ? leagues : null}
        initialName={modal.mode === 'edit' ? (target?.name ?? '') : ''}
        onSave={({ name, leagueId }) =>
          modal.run(
            () =>
              target
                ? update.mutateAsync({ id: target.id, name })
                : create.mutateAsync({ name, leagueId: leagueId ?? '', seasonId: season?.id ?? '' }),
            SAVE_FAILED,
          )
        }
      />

      <AdminsModal
        {...modal.props}
        opened={modal.mode === 'manageAdmins'}
        title={`Manage Coaches: ${target?.name ?? ''}`}
        label="Coaches"
        placeholder="Search users"
        description="To add someone without an account, use Invite Coach."
        initialAdmins={target ? coachesOf(target) : []}
        onSave={(coaches) => target && modal.run(() => update.mutateAsync({ id: target.id, coaches }), COACHES_FAILED)}
      />

      <InviteModal
        {...modal.props}
        opened={modal.mode === 'inviteCoach'}
        title={`Invite Coach to ${target?.name ?? ''}`}
        explanation="Someone with an account becomes a coach of this team at once; someone new gets an account and a temporary password by email."
        onInvite={async (input) =>
          target ? (await invite.mutateAsync({ teamId: target.id, ...input })).invitedTemporaryPassword : null
        }
        run={(work) => modal.run(work, INVITE_FAILED)}
        onPasswordClosed={() => invite.reset()}
      />

      <DeleteModal
        modal={modal}
        title="Delete Team"
        question={DELETE_QUESTION}
        failed={DELETE_FAILED}
        onDelete={(team) => remove.mutateAsync(team.id)}
      >
        {target ? (
          <Text size="sm">
            <b>{target.name}</b>: its roster of {target.playerCount} player(s) is cleared; the players stay in the
            organization. Coaches: {target.coachUsers.map(userName).join(', ') || 'none'}.
          </Text>
        ) : null}
      </DeleteModal>
    </>
  );
}
