import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAccount, RequireActivation } from './guards';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';
import { SessionKeeper } from './session';

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

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <SessionKeeper />
        <AppLayout />
      </>
    ),
    errorElement: <RouteError />,
    // The first page's code is still loading: draw nothing rather than a flash of a spinner.
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        lazy: page(
          () => import('../features/marketing/landing-page'),
          (m) => m.LandingPage,
        ),
      },
      {
        path: 'project-plans',
        lazy: page(
          () => import('../features/templates/project-plans-page'),
          (m) => m.ProjectPlansPage,
        ),
      },
      {
        path: 'project-plans/:projectPlanId',
        lazy: page(
          () => import('../features/templates/project-plan-detail-page'),
          (m) => m.ProjectPlanDetailPage,
        ),
      },
      {
        path: 'register',
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
        lazy: page(
          () => import('../features/auth/login-page'),
          (m) => m.UserLoginPage,
        ),
      },
      {
        path: 'login',
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
        path: 'reset-password',
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
            path: 'myAccount',
            lazy: page(
              () => import('../features/account/account-page'),
              (m) => m.AccountPage,
            ),
          },
        ],
      },
      {
        path: 'about',
        lazy: page(
          () => import('../features/legal/about-page'),
          (m) => m.AboutPage,
        ),
      },
      {
        path: 'terms-of-use',
        lazy: page(
          () => import('../features/legal/terms-of-use-page'),
          (m) => m.TermsOfUsePage,
        ),
      },
      {
        path: 'support',
        lazy: page(
          () => import('../features/legal/support-page'),
          (m) => m.SupportPage,
        ),
      },
      {
        path: 'privacy-policy',
        lazy: page(
          () => import('../features/legal/privacy-policy-page'),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        path: 'contact-us',
        lazy: page(
          () => import('../features/legal/contact-us-page'),
          (m) => m.ContactUsPage,
        ),
      },
      {
        path: 'country',
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

export const router = createBrowserRouter(routes);
