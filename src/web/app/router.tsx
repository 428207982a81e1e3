import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../../core/paths.ts';
import { ErrorFallback } from '../components/error-fallback.tsx';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { ForRoles, RequireRoles, RootLayout, RootRedirect } from './guards.tsx';

// Only the login page is in the first bundle; every other page loads when first visited.
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const AppLayout = lazy(() =>
  import('../features/dashboard/components/app-layout.tsx').then((m) => ({ default: m.AppLayout })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const AccountPage = lazy(() =>
  import('../features/account/components/account-page.tsx').then((m) => ({ default: m.AccountPage })),
);
const OrganizationsPage = lazy(() =>
  import('../features/organizations/components/organizations-page.tsx').then((m) => ({
    default: m.OrganizationsPage,
  })),
);
const LeaguesPage = lazy(() =>
  import('../features/leagues/components/leagues-page.tsx').then((m) => ({ default: m.LeaguesPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/components/users-page.tsx').then((m) => ({ default: m.UsersPage })),
);
const RestRulesPage = lazy(() =>
  import('../features/rest-rules/components/rest-rules-page.tsx').then((m) => ({ default: m.RestRulesPage })),
);
const SeasonsPage = lazy(() =>
  import('../features/seasons/components/seasons-page.tsx').then((m) => ({ default: m.SeasonsPage })),
);
const TeamsPage = lazy(() =>
  import('../features/teams/components/teams-page.tsx').then((m) => ({ default: m.TeamsPage })),
);
const PlayersPage = lazy(() =>
  import('../features/players/components/players-page.tsx').then((m) => ({ default: m.PlayersPage })),
);
const MyChildrenPage = lazy(() =>
  import('../features/parent/components/my-children-page.tsx').then((m) => ({ default: m.MyChildrenPage })),
);
const TrackerPage = lazy(() =>
  import('../features/tracker/components/tracker-page.tsx').then((m) => ({ default: m.TrackerPage })),
);
const PitchLogPage = lazy(() =>
  import('../features/tracker/components/pitch-log-page.tsx').then((m) => ({ default: m.PitchLogPage })),
);
const StatusPage = lazy(() =>
  import('../features/status/components/status-page.tsx').then((m) => ({ default: m.StatusPage })),
);
const ViolationsPage = lazy(() =>
  import('../features/violations/components/violations-page.tsx').then((m) => ({ default: m.ViolationsPage })),
);
const GameCountsPage = lazy(() =>
  import('../features/game-counts/components/game-counts-page.tsx').then((m) => ({ default: m.GameCountsPage })),
);
const OfficialSignPage = lazy(() =>
  import('../features/official/components/official-sign-page.tsx').then((m) => ({ default: m.OfficialSignPage })),
);
const PlateCardPage = lazy(() =>
  import('../features/tracker/components/plate-card-page.tsx').then((m) => ({ default: m.PlateCardPage })),
);
const LogOutingPage = lazy(() =>
  import('../features/parent/components/log-outing-page.tsx').then((m) => ({ default: m.LogOutingPage })),
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
      // A game's official signs with the home coach's code, signed in or not.
      { path: paths.official, element: <OfficialSignPage /> },
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
                  { path: paths.dashboard, element: <DashboardPage /> },
                  { path: paths.account, element: <AccountPage /> },
                  {
                    // The admin pages: for the admins (a coach has My Teams, and Players below is everyone's).
                    element: <ForRoles roles={ADMINS} />,
                    children: [
                      { path: paths.organizations, element: <OrganizationsPage /> },
                      { path: paths.leagues, element: <LeaguesPage /> },
                      { path: paths.users, element: <UsersPage /> },
                      { path: paths.restRules, element: <RestRulesPage /> },
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
                  { path: paths.parentPlayers, element: <MyChildrenPage /> },
                  { path: paths.tracker, element: <TrackerPage /> },
                  { path: paths.pitchLog, element: <PitchLogPage /> },
                  { path: paths.plateCard, element: <PlateCardPage /> },
                  { path: paths.plateCardLink, element: <PlateCardPage /> },
                  { path: paths.status, element: <StatusPage /> },
                  { path: paths.parentLog, element: <LogOutingPage /> },
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
