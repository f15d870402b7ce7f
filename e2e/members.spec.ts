import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './admin';
import { expectPricingLabel, payWithCard } from './billing';
import { baseUrl, expectAccessible, launchBrowser, newPage, notice } from './browser';
import { freshEmail, mailedLink } from './mailbox';
import { PASSWORD, signedInBrowser } from './session';

const SUPPORT = 'support@digitalprojectplanner.com';

let browser: Browser;
let adminToken: string;

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
  const { token, ...rest } = init;
  const response = await fetch(`${baseUrl()}${path}`, {
    ...rest,
    headers: {
      ...(rest.body && typeof rest.body === 'string' && !rest.headers ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A text answer.
  }
  return { status: response.status, body: body as T };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const signIn = await api<{ access_token: string }>('/api/identity/sign-in', {
    method: 'POST',
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  adminToken = signIn.body.access_token;
});
afterAll(async () => {
  await browser.close();
});

/** A confirmed account made and signed in through the API, then activated in the browser. */
async function activatedUser(page: Page, email: string) {
  const { sign_up_proof } = (
    await api<{ sign_up_proof: string }>('/api/identity/sign-up', {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    })
  ).body;
  const [code, username] = (await mailedLink(email, '/activate-account/')).split('/').slice(2);
  await api('/api/identity/confirm-sign-up', {
    method: 'POST',
    body: JSON.stringify({ code, username, sign_up_proof }),
  });
  await signedInBrowser(page, email);
  await page.goto('/activate-account');
  await page.getByLabel('First Name').fill('Maya');
  await page.getByLabel('Last Name').fill('Member');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/activate-account/success');
}

/** Puts an address on a list of the local CRM (what marketing does in ActiveCampaign). */
async function setCrmFlags(email: string, flags: { toolkit?: boolean; digipremium?: boolean }) {
  const res = await api('/api/active-campaign/flags', {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({ email, ...flags }),
  });
  expect(res.status).toBe(200);
}
const makeToolkitBuyer = (email: string) => setCrmFlags(email, { toolkit: true });

describe('members area', () => {
  it('opens for a toolkit buyer, with overview pages that survive a reload and the Q&A form', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('member');
    await activatedUser(page, email);
    await makeToolkitBuyer(email);

    await page.goto('/membership-area');
    await page.getByRole('heading', { name: 'Welcome to your Digital Project Planner membership' }).waitFor();
    await expectAccessible(page);
    const sidebar = page.getByRole('navigation', { name: 'Membership area' });
    for (const panel of [
      'Training',
      'Planning & Tracking Templates',
      'Process Checklists/Templates',
      'Project Plan Templates',
      'Support',
    ]) {
      await sidebar.getByRole('button', { name: panel }).waitFor();
    }

    await sidebar.getByRole('button', { name: 'Project Plan Templates' }).click();
    const product = sidebar.getByRole('link').filter({ hasNotText: 'Start here' }).first();
    const productName = (await product.textContent())?.trim() ?? '';
    await product.click();
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();
    await page.getByRole('heading', { name: 'Templates' }).waitFor();
    await expectAccessible(page);
    const overviewUrl = page.url();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();
    expect(page.url()).toBe(overviewUrl);

    const template = page.locator('.area-page__links a').first();
    const templateTitle = (await template.textContent())?.trim() ?? '';
    await template.click();
    await page.waitForURL('**/membership-area/template-link/**');
    await page.getByRole('heading', { level: 1, name: templateTitle }).waitFor();
    await expectAccessible(page);

    // The same area at its capitalised address.
    await page.goto('/Membership-area/trasnfer-to');
    await page.getByRole('heading', { name: 'Transfer to Asana, Clickup, or Monday' }).waitFor();
    await expectAccessible(page);
    for (const [path, heading] of [
      ['/membership-area/meet-your-coaches', 'Meet your coaches'],
      ['/membership-area/course-video', 'Course videos'],
      ['/membership-area/qa-calendar', 'Q&A calendar'],
    ]) {
      await page.goto(path!);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectAccessible(page);
    }

    await page.goto('/membership-area/facebook-community');
    await page.getByRole('heading', { name: 'Submit a Q&A question' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByLabel('Email', { exact: true }).fill('maya-at-example');
    await page.getByRole('button', { name: 'Send question' }).click();
    await page.getByText('Name is required!').waitFor();
    await page.getByText('Email is not a valid email!').waitFor();
    await page.getByText('Question is required!').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Maya Member');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Question', { exact: true }).fill('How do I move a plan from Asana to ClickUp?');
    await page.getByRole('button', { name: 'Send question' }).click();
    await notice(page, "Your question has been sent! We'll send you an answer soon!");
    const mailbox = await api<{ subject: string; text: string; reply_to: string }[]>(
      `/api/dev/mailbox?to=${encodeURIComponent(SUPPORT)}`,
    );
    const question = mailbox.body.find((m) => m.reply_to === email);
    expect(question?.subject).toBe('Q&A question: Question from Maya Member');
    expect(question?.text).toContain('How do I move a plan from Asana to ClickUp?');
    await context.close();
  });

  it('sends a user without the toolkit flag or the Premium plan back to /', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('outsider');
    await activatedUser(page, email);
    // Activation made the new (non-toolkit) user a CRM contact with the names given.
    await expect
      .poll(async () => {
        const events = await api<{ kind: string; detail: object }[]>(
          `/api/active-campaign/events?email=${encodeURIComponent(email)}`,
          { token: adminToken },
        );
        return events.body;
      })
      .toContainEqual(
        expect.objectContaining({ kind: 'contact_created', detail: { first_name: 'Maya', last_name: 'Member' } }),
      );
    await page.goto('/membership-area/use-dpp-member');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/pm-course-area');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('header Premium entry', () => {
  it('shows to a subscriber of the Premium plan, not to a student on no plan, and leads to the members area', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('premium');
    await activatedUser(page, email);
    const premiumLink = () =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium', exact: true });
    // A student on no plan: the course area opens (and records the student), the header has no entry.
    await setCrmFlags(email, { digipremium: true });
    await page.goto('/pm-course-area');
    await page.getByRole('heading', { level: 1, name: 'Project Management Course Area' }).waitFor();
    expect(await premiumLink().count()).toBe(0);

    await (await expectPricingLabel(page, 'Premium', 'Get Started')).click();
    await page.waitForURL('**/subscribe');
    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL('**/subscribe/success?**');
    await page.getByRole('button', { name: 'Continue' }).click();
    await premiumLink().click();
    await page.waitForURL((url) => url.pathname === '/membership-area');
    const welcome = page.getByRole('heading', { name: 'Welcome to your Digital Project Planner membership' });
    await welcome.waitFor();
    // Permissions stored before the purchase (a plan that hides the area) wait for the fresh list, not the exit.
    await page.evaluate(() =>
      localStorage.setItem(
        'permissions',
        JSON.stringify([{ permission_type: 'ROUTE', permission_name: 'membership-area', is_displayed: false }]),
      ),
    );
    // The fresh list is held back until the area's catalogue has arrived and the area is seen waiting for it. The
    // test releases it itself: a wait inside the route's handler would hold the request for ever if it failed.
    let releasePermissions = () => {};
    const permissionsHeld = new Promise<void>((resolve) => {
      releasePermissions = resolve;
    });
    await page.route('**/api/client/permissions', async (route) => {
      await permissionsHeld;
      await route.continue();
    });
    const catalogueArrived = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/members/catalogue',
    );
    await page.reload();
    await catalogueArrived;
    await page.locator('.area-loading').waitFor();
    releasePermissions();
    await welcome.waitFor();
    expect(new URL(page.url()).pathname).toBe('/membership-area');
    await context.close();
  });
});

describe('course area', () => {
  it('opens for a digipremium student, with its accordion and overview', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('student');
    await activatedUser(page, email);
    // Not yet a student: sent to /.
    await page.goto('/pm-course-area');
    await page.waitForURL((url) => url.pathname === '/');
    await setCrmFlags(email, { digipremium: true });
    await page.goto('/pm-course-area');
    await page.getByRole('heading', { level: 1, name: 'Project Management Course Area' }).waitFor();
    await expectAccessible(page);
    const sidebar = page.getByRole('navigation', { name: 'Course area' });
    await sidebar.getByRole('button', { name: 'Project Plan Templates' }).click();
    await sidebar.getByRole('link').first().click();
    await page.waitForURL('**/pm-course-area/overview/**');
    await page.reload();
    await page.getByRole('heading', { name: 'Templates' }).waitFor();
    await expectAccessible(page);
    // A student is not a member.
    await page.goto('/membership-area');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('lifetime deal', () => {
  it('redeems a code once, then the mailed link, the code as password and a new password', async () => {
    const code = `LTD-E2E-${Date.now()}`;
    const imported = await api<{ imported: number }>('/api/appsumo/codes/import', {
      method: 'POST',
      token: adminToken,
      headers: { 'content-type': 'text/csv' },
      body: `code\n${code}\n`,
    });
    expect(imported.body).toEqual({ imported: 1, duplicates: 0 });

    const { page, context } = await newPage(browser);
    for (const path of ['/appsumo2', '/appsumo3']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Redeem your AppSumo code' }).waitFor();
      await expectAccessible(page);
    }
    await page.goto('/appsumo');
    await page.getByRole('heading', { name: 'Redeem your AppSumo code' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Redeem Code' }).click();
    for (const message of [
      'Please enter first name',
      'Please enter last name',
      'Please enter your AppSumo email address',
      'Please enter your AppSumo Code',
    ]) {
      await page.getByText(message).waitFor();
    }
    await page.getByLabel('AppSumo Email').fill('sumo-at-example');
    await page.getByText('Please include "@" in the email address').waitFor();

    const email = freshEmail('sumo');
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Sumo');
    await page.getByLabel('AppSumo Email').fill(email);
    await page.getByLabel('AppSumo Code').fill(code);
    await page.getByRole('button', { name: 'Redeem Code' }).click();
    await notice(page, 'Success!');
    await page.getByRole('link', { name: 'Go to login' }).waitFor();

    // A second time, the same code fails.
    const second = await newPage(browser);
    await second.page.goto('/appsumo2');
    await second.page.getByLabel('First Name').fill('Other');
    await second.page.getByLabel('Last Name').fill('Person');
    await second.page.getByLabel('AppSumo Email').fill(freshEmail('other'));
    await second.page.getByLabel('AppSumo Code').fill(code);
    await second.page.getByRole('button', { name: 'Redeem Code' }).click();
    await notice(second.page, 'Failed!');
    await notice(second.page, 'This code has already been redeemed');
    await second.context.close();

    await page.goto(await mailedLink(email, '/activate-account/'));
    await notice(page, 'Your account has been verified, please login to activate your account');
    await page.waitForURL('**/user-login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(code);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('New Password').fill('Sumo#2026pw');
    await page.getByLabel('Repeat Password').fill('Sumo#2026pw');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await notice(page, 'Password set successfully');
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Sam');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/activate-account/success');

    const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    const record = await api<{ plan_name: string; is_appsumo_user: boolean }>('/api/client/get', {
      method: 'POST',
      token: token ?? '',
      body: JSON.stringify({ email }),
    });
    expect(record.body).toMatchObject({ plan_name: 'Pro Monthly Membership', is_appsumo_user: true });
    await context.close();
  });

  it('resumes lifetime-deal activation at the contact step when the page is reloaded after the password is set', async () => {
    const code = `LTD-RELOAD-${Date.now()}`;
    const email = freshEmail('sumo-reload');
    await api('/api/appsumo/codes/import', {
      method: 'POST',
      token: adminToken,
      headers: { 'content-type': 'text/csv' },
      body: `code\n${code}\n`,
    });
    // Redemption as the /appsumo form sends it, then the mailed link opened where the code was redeemed.
    await api('/appsumo/code', { method: 'POST', body: JSON.stringify({ appSumoCode: code }) });
    const holder = { nameUser: 'Rae', lastName: 'Reload', email, appSumoCode: code };
    const { body } = await api<{ database_id: number; sign_up_proof: string }>('/appsumo/response', {
      method: 'POST',
      body: JSON.stringify(holder),
    });
    await api('/appsumo/send-password-email', {
      method: 'POST',
      body: JSON.stringify({ nameUser: 'Rae', lastName: 'Reload', email, database_id: body.database_id }),
    });
    const [verify, username] = (await mailedLink(email, '/activate-account/')).split('/').slice(2);
    const confirmed = await api('/api/identity/confirm-sign-up', {
      method: 'POST',
      body: JSON.stringify({ code: verify, username, sign_up_proof: body.sign_up_proof }),
    });
    expect(confirmed.status).toBe(200);

    const { page, context } = await newPage(browser);
    await page.goto('/user-login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(code);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    await page.getByLabel('New Password').fill('Reload#2026pw');
    await page.getByLabel('Repeat Password').fill('Reload#2026pw');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await notice(page, 'Password set successfully');
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();

    // The code no longer opens the account: a reload must not ask for it again.
    await page.reload();
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Set a password' }).count()).toBe(0);
    expect(await page.getByText('The code you logged in with.').count()).toBe(0);
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Rae');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/activate-account/success');

    await context.close();

    // Another browser signs in with the new password straight past activation.
    const again = await newPage(browser);
    await again.page.goto('/user-login');
    await again.page.getByLabel('Email').fill(email);
    await again.page.getByLabel('Password').fill('Reload#2026pw');
    await again.page.getByRole('button', { name: 'Login' }).click();
    await again.page.waitForURL(
      (url) => !url.pathname.startsWith('/user-login') && !url.pathname.startsWith('/activate-account'),
    );
    await again.context.close();
  });
});
