import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../../core/paths.ts';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { loadAppAreas } from '../lib/i18n.ts';
import { ForRoles, RequireRoles, RootLayout, RootRedirect } from './guards.tsx';

/**
 * A page loaded when first visited, with the messages of every page but the login page (in the
 * reader's language): only the login page and its messages are in the first download.
 */
function page<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => Promise.all([load(), loadAppAreas()]).then(([module]) => ({ default: pick(module) })));
}

const ForgotPasswordPage = page(
  () => import('../features/auth/components/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
const AppLayout = page(
  () => import('../features/dashboard/components/app-layout.tsx'),
  (m) => m.AppLayout,
);
const DashboardPage = page(
  () => import('../features/dashboard/components/dashboard-page.tsx'),
  (m) => m.DashboardPage,
);
// Each role's day on the dashboard: the answers of Pitcher Status, the child's card, Game Counts and Violations.
const YourDay = page(
  () => import('./your-day.tsx'),
  (m) => m.YourDay,
);
const AccountPage = page(
  () => import('../features/account/components/account-page.tsx'),
  (m) => m.AccountPage,
);
const OrganizationsPage = page(
  () => import('../features/organizations/components/organizations-page.tsx'),
  (m) => m.OrganizationsPage,
);
const LeaguesPage = page(
  () => import('../features/leagues/components/leagues-page.tsx'),
  (m) => m.LeaguesPage,
);
const UsersPage = page(
  () => import('../features/users/components/users-page.tsx'),
  (m) => m.UsersPage,
);
const RestRulesPage = page(
  () => import('../features/rest-rules/components/rest-rules-page.tsx'),
  (m) => m.RestRulesPage,
);
const SeasonsPage = page(
  () => import('../features/seasons/components/seasons-page.tsx'),
  (m) => m.SeasonsPage,
);
const TeamsPage = page(
  () => import('../features/teams/components/teams-page.tsx'),
  (m) => m.TeamsPage,
);
const PlayersPage = page(
  () => import('../features/players/components/players-page.tsx'),
  (m) => m.PlayersPage,
);
const MyChildrenPage = page(
  () => import('../features/parent/components/my-children-page.tsx'),
  (m) => m.MyChildrenPage,
);
const TrackerPage = page(
  () => import('../features/tracker/components/tracker-page.tsx'),
  (m) => m.TrackerPage,
);
const PitchLogPage = page(
  () => import('../features/tracker/components/pitch-log-page.tsx'),
  (m) => m.PitchLogPage,
);
const StatusPage = page(
  () => import('../features/status/components/status-page.tsx'),
  (m) => m.StatusPage,
);
const ViolationsPage = page(
  () => import('../features/violations/components/violations-page.tsx'),
  (m) => m.ViolationsPage,
);
const GameCountsPage = page(
  () => import('../features/game-counts/components/game-counts-page.tsx'),
  (m) => m.GameCountsPage,
);
const OfficialSignPage = page(
  () => import('../features/official/components/official-sign-page.tsx'),
  (m) => m.OfficialSignPage,
);
const PlateCardPage = page(
  () => import('../features/tracker/components/plate-card-page.tsx'),
  (m) => m.PlateCardPage,
);
const LogOutingPage = page(
  () => import('../features/parent/components/log-outing-page.tsx'),
  (m) => m.LogOutingPage,
);

const ADMINS = ['SuperAdmin', 'admin'] as const;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorFallback />,
    children: [
      { path: paths.root, element: <RootRedirect /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      // A game's official signs through the link emailed to them, on their own phone (no account needed).
      { path: paths.official, element: <OfficialSignPage /> },
      { path: paths.officialLink, element: <OfficialSignPage /> },
      {
        element: <RequireRoles />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                // A page that fails shows the message inside the header and menu.
                errorElement: <ErrorFallback inLayout />,
                children: [
                  { path: paths.dashboard, element: <DashboardPage day={<YourDay />} /> },
                  { path: paths.account, element: <AccountPage /> },
                  {
                    // The admin pages: for the admins (a coach has My Teams, and Players below is everyone's).
                    element: <ForRoles roles={ADMINS} />,
                    children: [
                      { path: paths.organizations, element: <OrganizationsPage /> },
                      { path: paths.leagues, element: <LeaguesPage /> },
                      { path: paths.users, element: <UsersPage /> },
                      { path: paths.restRules, element: <RestRulesPage /> },
                      { path: paths.oldRestRules, element: <Navigate to={paths.restRules} replace /> },
                      { path: paths.seasons, element: <SeasonsPage /> },
                      { path: paths.violations, element: <ViolationsPage /> },
                      { path: paths.gameCounts, element: <GameCountsPage /> },
                    ],
                  },
                  {
                    element: <ForRoles roles={[...ADMINS, 'coach']} />,
                    children: [{ path: paths.teams, element: <TeamsPage /> }],
                  },
                  // Every role: a coach reads their rosters there, a parent their own children.
                  { path: paths.players, element: <PlayersPage /> },
                  {
                    // Game day's pages: the coaches' and the admins'; a parent follows their child on their own pages.
                    element: <ForRoles roles={[...ADMINS, 'coach']} audience="staff" />,
                    children: [
                      { path: paths.tracker, element: <TrackerPage /> },
                      { path: paths.pitchLog, element: <PitchLogPage /> },
                      { path: paths.plateCard, element: <PlateCardPage /> },
                      { path: paths.plateCardLink, element: <PlateCardPage /> },
                      { path: paths.status, element: <StatusPage /> },
                    ],
                  },
                  {
                    // A parent's own children: anyone else's roles see none of theirs there.
                    element: <ForRoles roles={['parent']} audience="parents" />,
                    children: [
                      { path: paths.parentPlayers, element: <MyChildrenPage /> },
                      { path: paths.parentLog, element: <LogOutingPage /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.root} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
