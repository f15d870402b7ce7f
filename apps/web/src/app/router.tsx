import type { ComponentType } from 'react';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { SessionKeeper } from '../shared/session';
import { RequireAccount, RequireActivatedAccount, RequireActivation, RequireAdmin } from './guards';
import { AppLayout } from './layout/app-layout';
import { countriesQuery, formPage, islandsPage, plansQuery, templateQuery, templatesQuery } from './prerender';
import { RouteError } from './route-error';
import { RouterNavigation } from './router-navigation';

/** Loads a page only when its route is visited, so the landing page carries no other page's code. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const external = (path: string): RouteObject => ({
  path,
  lazy: page(
    () => import('../features/external/external-page'),
    (m) => m.ExternalPage,
  ),
});

const memberPage = <K extends string>(name: K) =>
  page(
    () => import('../features/members/member-pages'),
    (m) => m[name as keyof typeof m] as ComponentType,
  );
const areaOverview = page(
  () => import('../features/members/overview-page'),
  (m) => m.AreaOverviewPage,
);

/** The members area (also /Membership-area: paths match without regard to case). */
const membersArea: RouteObject = {
  path: 'membership-area',
  lazy: page(
    () => import('../features/members/area-layout'),
    (m) => m.MembersLayout,
  ),
  children: [
    { index: true, lazy: memberPage('UseDppMemberPage') },
    { path: 'use-dpp-member', lazy: memberPage('UseDppMemberPage') },
    { path: 'overview/:id', lazy: areaOverview },
    { path: 'template-link/:templateId', lazy: memberPage('TemplateLinkPage') },
    { path: 'meet-your-coaches', lazy: memberPage('MeetYourCoachesPage') },
    { path: 'course-video', lazy: memberPage('CourseVideoPage') },
    { path: 'trasnfer-to', lazy: memberPage('TransferToPage') },
    {
      path: 'facebook-community',
      lazy: page(
        () => import('../features/members/question-page'),
        (m) => m.QuestionPage,
      ),
    },
    { path: 'qa-calendar', lazy: memberPage('QaCalendarPage') },
  ],
};

/** The course area: a public route behind the premium gate (others go to /). */
const courseArea: RouteObject = {
  path: 'pm-course-area',
  lazy: page(
    () => import('../features/members/area-layout'),
    (m) => m.CourseLayout,
  ),
  children: [
    { index: true, lazy: memberPage('CourseHomePage') },
    { path: 'overview/:id', lazy: areaOverview },
  ],
};

const lifetimeDeal = (
  path: string,
  pick: 'LifetimeDealPage1' | 'LifetimeDealPage2' | 'LifetimeDealPage3',
): RouteObject => ({
  path,
  ...formPage(),
  lazy: page(
    () => import('../features/lifetime-deal/lifetime-deal-page'),
    (m) => m[pick],
  ),
});

export const routes: RouteObject[] = [
  {
    element: (
      <RouterNavigation>
        <SessionKeeper />
        <AppLayout />
      </RouterNavigation>
    ),
    errorElement: <RouteError />,
    // The first page's code is still loading: draw nothing rather than a flash of a spinner.
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        ...islandsPage(),
        lazy: page(
          () => import('../features/marketing/landing-page'),
          (m) => m.LandingPage,
        ),
      },
      {
        path: 'project-plans',
        ...islandsPage(templatesQuery),
        lazy: page(
          () => import('../features/templates/project-plans-page'),
          (m) => m.ProjectPlansPage,
        ),
      },
      {
        path: 'project-plans/:projectPlanId',
        ...islandsPage(templateQuery),
        lazy: page(
          () => import('../features/templates/project-plan-detail-page'),
          (m) => m.ProjectPlanDetailPage,
        ),
      },
      {
        path: 'register',
        ...formPage(),
        lazy: page(
          () => import('../features/auth/register-page'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: 'register/success',
        lazy: page(
          () => import('../features/auth/register-success-page'),
          (m) => m.RegisterSuccessPage,
        ),
      },
      {
        path: 'user-login',
        ...formPage(),
        lazy: page(
          () => import('../features/auth/login-page'),
          (m) => m.UserLoginPage,
        ),
      },
      {
        path: 'login',
        ...formPage(),
        lazy: page(
          () => import('../features/auth/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'activate-account/:code/:username',
        lazy: page(
          () => import('../features/auth/verify-email-page'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        path: 'social-sign-in',
        lazy: page(
          () => import('../features/auth/social-sign-in-page'),
          (m) => m.SocialSignInPage,
        ),
      },
      {
        path: 'reset-password',
        ...formPage(),
        lazy: page(
          () => import('../features/auth/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: 'reset-password-sent',
        lazy: page(
          () => import('../features/auth/reset-password-sent-page'),
          (m) => m.ResetPasswordSentPage,
        ),
      },
      {
        path: 'team/accept/:token',
        lazy: page(
          () => import('../features/team/accept-invitation-page'),
          (m) => m.AcceptInvitationPage,
        ),
      },
      {
        path: 'reset-password/:code/:username',
        lazy: page(
          () => import('../features/auth/new-password-page'),
          (m) => m.NewPasswordPage,
        ),
      },
      {
        element: <RequireActivation />,
        children: [
          {
            path: 'activate-account',
            lazy: page(
              () => import('../features/auth/activate-account-page'),
              (m) => m.ActivateAccountPage,
            ),
          },
        ],
      },
      {
        element: <RequireAccount />,
        children: [
          {
            path: 'activate-account/success',
            lazy: page(
              () => import('../features/auth/activate-account-success-page'),
              (m) => m.ActivateAccountSuccessPage,
            ),
          },
          {
            path: 'ai/preview',
            lazy: page(
              () => import('../features/planner/ai-preview-page'),
              (m) => m.AiPreviewPage,
            ),
          },
          {
            path: 'ai/generate',
            lazy: page(
              () => import('../features/planner/ai-generate-page'),
              (m) => m.AiGeneratePage,
            ),
          },
          {
            path: 'openairoom',
            lazy: page(
              () => import('../features/planner/openai-room-page'),
              (m) => m.OpenAiRoomPage,
            ),
          },
          {
            path: 'myAccount',
            lazy: page(
              () => import('../features/account/account-page'),
              (m) => m.AccountPage,
            ),
          },
          {
            // The link mailed to confirm the deletion of an account without a password or a second factor.
            path: 'delete-account/:token',
            lazy: page(
              () => import('../features/account/delete-account-page'),
              (m) => m.DeleteAccountPage,
            ),
          },
          {
            path: 'subscribe',
            lazy: page(
              () => import('../features/billing/subscribe-page'),
              (m) => m.SubscribePage,
            ),
          },
          {
            path: 'subscribe/success',
            lazy: page(
              () => import('../features/billing/subscribe-success-page'),
              (m) => m.SubscribeSuccessPage,
            ),
          },
          {
            path: 'trial-success',
            lazy: page(
              () => import('../features/billing/trial-success-page'),
              (m) => m.TrialSuccessPage,
            ),
          },
          {
            path: 'my-plans',
            lazy: page(
              () => import('../features/my-plans/my-plans-page'),
              (m) => m.MyPlansPage,
            ),
          },
          {
            path: 'my-plans/:id',
            lazy: page(
              () => import('../features/my-plans/plan-editor-page'),
              (m) => m.PlanEditorPage,
            ),
          },
          {
            path: 'payment/:projectPlanId',
            lazy: page(
              () => import('../features/billing/payment-page'),
              (m) => m.PaymentPage,
            ),
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: 'admin_panel',
            lazy: page(
              () => import('../features/admin/admin-panel-page'),
              (m) => m.AdminPanelPage,
            ),
          },
          {
            path: 'add-new-project',
            lazy: page(
              () => import('../features/admin/product-form-page'),
              (m) => m.AddNewProjectPage,
            ),
          },
          {
            path: 'update-project',
            lazy: page(
              () => import('../features/admin/product-form-page'),
              (m) => m.UpdateProjectPage,
            ),
          },
          {
            path: 'permission-settings',
            lazy: page(
              () => import('../features/admin/permission-settings-page'),
              (m) => m.PermissionSettingsPage,
            ),
          },
        ],
      },
      {
        path: 'ai',
        ...islandsPage(plansQuery),
        lazy: page(
          () => import('../features/planner/ai-landing-page'),
          (m) => m.AiLandingPage,
        ),
      },
      {
        path: 'about',
        ...islandsPage(),
        lazy: page(
          () => import('../features/legal/about-page'),
          (m) => m.AboutPage,
        ),
      },
      {
        path: 'terms-of-use',
        ...islandsPage(),
        lazy: page(
          () => import('../features/legal/terms-of-use-page'),
          (m) => m.TermsOfUsePage,
        ),
      },
      {
        path: 'support',
        ...islandsPage(),
        lazy: page(
          () => import('../features/legal/support-page'),
          (m) => m.SupportPage,
        ),
      },
      {
        path: 'privacy-policy',
        ...islandsPage(),
        lazy: page(
          () => import('../features/legal/privacy-policy-page'),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        path: 'contact-us',
        ...formPage(),
        lazy: page(
          () => import('../features/legal/contact-us-page'),
          (m) => m.ContactUsPage,
        ),
      },
      {
        path: 'country',
        // A search box: taken over at the first interaction like the forms; the page opens the list itself
        // when the box was focused before the app was up (CountryPage).
        ...formPage(countriesQuery),
        lazy: page(
          () => import('../features/countries/country-page'),
          (m) => m.CountryPage,
        ),
      },
      {
        path: 'no-permissions',
        lazy: page(
          () => import('../features/errors/not-found-page'),
          (m) => m.NoPermissionsPage,
        ),
      },
      // The upload wizard (docs/product-rules.md, Plan upload).
      {
        element: <RequireAccount />,
        children: [
          {
            path: 'upload-action',
            lazy: page(
              () => import('../features/upload/upload-action-page'),
              (m) => m.UploadActionPage,
            ),
          },
          {
            path: 'upload-action/connect/:tool?',
            lazy: page(
              () => import('../features/upload/connect-page'),
              (m) => m.ConnectPage,
            ),
          },
          {
            path: 'upload-action/select-workspace',
            lazy: page(
              () => import('../features/upload/select-workspace-page'),
              (m) => m.SelectWorkspacePage,
            ),
          },
          {
            path: 'upload-action/select-team',
            lazy: page(
              () => import('../features/upload/select-team-page'),
              (m) => m.SelectTeamPage,
            ),
          },
          {
            path: 'upload-action/upload/success',
            lazy: page(
              () => import('../features/upload/upload-success-page'),
              (m) => m.UploadSuccessPage,
            ),
          },
          {
            path: 'upload-action/asana/upload/success',
            lazy: page(
              () => import('../features/upload/upload-success-page'),
              (m) => m.UploadSuccessPage,
            ),
          },
          {
            path: 'upload-action/clickup/upload/success',
            lazy: page(
              () => import('../features/upload/upload-success-page'),
              (m) => m.UploadSuccessPage,
            ),
          },
          {
            path: 'create-workspace',
            lazy: page(
              () => import('../features/upload/create-workspace-page'),
              (m) => m.CreateWorkspacePage,
            ),
          },
        ],
      },
      {
        path: 'oauth2/handler',
        lazy: page(
          () => import('../features/upload/oauth-handler-page'),
          (m) => m.OAuthHandlerPage,
        ),
      },
      { element: <RequireActivatedAccount />, children: [membersArea] },
      courseArea,
      lifetimeDeal('appsumo', 'LifetimeDealPage1'),
      lifetimeDeal('appsumo2', 'LifetimeDealPage2'),
      lifetimeDeal('appsumo3', 'LifetimeDealPage3'),
      {
        path: 'resources',
        ...islandsPage(),
        lazy: page(
          () => import('../features/external/resources-page'),
          (m) => m.ResourcesPage,
        ),
      },
      external('blog'),
      external('hire-an-expert'),
      external('services'),
      external('community'),
      {
        path: '*',
        lazy: page(
          () => import('../features/errors/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

/** The browser's router; `hydrationData` when the page was rendered on the server. */
export const createRouter = (hydrationData?: HydrationState) =>
  createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
