import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableSignIn } from './admin';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';
import {
  coveringElement,
  expectAccessible,
  fieldMessageGone,
  headerMenu,
  launchBrowser,
  newPage,
  notice,
} from './browser';
import { ageMailedLinks, freshEmail, mailedLink } from './mailbox';
import { activatedUser } from './session';

const PASSWORD = 'Planner#2026';
const NEW_PASSWORD = 'Launch#2027';
const PASSWORD_RULE =
  'The required length for a password is at least 8 characters long. It should have a number, special character(s), and at least one capital letter and small letter';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function signUp(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** Signs up and follows the mailed verification link, ending on the login page. */
async function signUpAndVerify(page: Page, email: string) {
  await signUp(page, email);
  await page.waitForURL('**/register/success');
  await page.goto(await mailedLink(email, '/activate-account/'));
  await page.waitForURL('**/user-login');
}

async function requestReset(page: Page, email: string) {
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
}

async function setNewPassword(page: Page, resetLink: string, password: string) {
  await page.goto(resetLink);
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Repeat Password').fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/user-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('accounts', () => {
  it('signs up, verifies, activates, edits the profile, changes the password and logs back in', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('journey');
    await signUp(page, email);
    await notice(page, 'Thanks for signing up!');
    await page.waitForURL('**/register/success');
    await expectAccessible(page);

    await page.goto(await mailedLink(email, '/activate-account/'));
    await notice(page, 'Your account has been verified, please login to activate your account');
    await page.waitForURL('**/user-login');

    await logIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await expectAccessible(page);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Phone Number').fill('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Invalid Phone Number Format').waitFor();
    await page.getByLabel('Phone Number').fill('415 555 2671');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/activate-account/success');
    await page.getByText('Congratulations!').waitFor();
    // A clear next step: a template, the AI Planner, or a blank plan.
    const steps = page.getByRole('region', { name: 'Where to start' });
    expect(await steps.getByRole('link', { name: 'Browse templates' }).getAttribute('href')).toBe('/project-plans');
    expect(await steps.getByRole('link', { name: 'Open the AI Planner' }).getAttribute('href')).toBe('/ai');
    await steps.getByRole('button', { name: 'New blank plan' }).waitFor();
    await expectAccessible(page);

    await page.goto('/myAccount');
    await page.getByText('Ada').first().waitFor();
    await expectAccessible(page);
    expect(await page.getByText('No address added').count()).toBe(1);

    await page.getByRole('button', { name: 'Edit Personal Information' }).click();
    await page.getByLabel('First Name').fill('Ada!');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await notice(page, 'First Name and Last Name field cannot contain special chars');
    await page.getByText('This field cannot contain special chars').first().waitFor();
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await notice(page, 'First Name and Last Name field cannot be empty');
    await page.getByLabel('First Name').fill('Augusta');
    await fieldMessageGone(page, 'First Name and Last Name field cannot be empty');
    await page.getByLabel('Company Name').fill('Analytical Engines');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await notice(page, 'Your information has been updated successfully');
    await page.getByText('Analytical Engines').waitFor();

    await page.getByRole('button', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Current Password').fill('Wrong#Pass1');
    await modal.getByLabel('New Password').fill(NEW_PASSWORD);
    await modal.getByLabel('Repeat Password').fill(NEW_PASSWORD);
    await modal.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Your credentials does not match, please try again');
    await modal.getByLabel('Current Password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Your password has been changed successfully.');
    // The notification shows below the header: the account menu stays within reach for its five seconds.
    await modal.waitFor({ state: 'hidden' });
    expect(await coveringElement(headerMenu(page.getByRole('navigation', { name: 'Main' }), /Augusta/))).toBeNull();

    await logOut(page, 'Augusta');
    await logIn(page, email, PASSWORD);
    await notice(page, 'Your credentials does not match, please try again');
    await logIn(page, email, NEW_PASSWORD);
    await notice(page, 'You have logged in successfully');
    await context.close();
  });

  it("explains every sign-up and login failure in the product's words", async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('failures');
    await signUp(page, email);
    await page.waitForURL('**/register/success');

    await signUp(page, email);
    await notice(page, 'An account already exists with this email address');

    await logIn(page, email, PASSWORD);
    await notice(page, 'Please verify your email address to login');

    await logIn(page, freshEmail('nobody'), PASSWORD);
    await notice(page, 'Your credentials does not match, please try again');

    await page.goto('/register');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await notice(page, 'Please enter your email address');
    await notice(page, 'Please create your password');
    await notice(page, 'Please agree with Terms of Services & Privacy Policy');
    await context.close();
  });

  it('tells a member whose account was disabled so in plain words, and a wrong password only that it does not match', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('disabled');
    await activatedUser(page, email);
    await disableSignIn(email);
    // A wrong password learns nothing of the account.
    await logIn(page, email, 'Wrong#Password1');
    await notice(page, 'Your credentials does not match, please try again');
    await logIn(page, email, PASSWORD);
    await notice(page, 'Your account has been disabled, so you cannot log in. Please contact support to use it again.');
    expect(new URL(page.url()).pathname).toBe('/user-login');
    await context.close();
  });

  it('explains every outcome of a verification link', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('verify');
    await signUp(page, email);
    await page.waitForURL('**/register/success');
    const link = await mailedLink(email, '/activate-account/');
    const [, , code, username] = link.split('/');

    await page.goto(`/activate-account/${code}x/${username}`);
    await notice(page, 'The link to verify is not correct, we have sent a new link to verify');
    await page.waitForURL('**/user-login');

    const fresh = await mailedLink(email, '/activate-account/');
    expect(fresh).not.toBe(link);
    await page.goto(fresh);
    await notice(page, 'Your account has been verified, please login to activate your account');
    await page.waitForURL('**/user-login');
    await page.goto(fresh);
    await notice(page, 'User is already confirmed, please login to continue');
    await context.close();
  });

  it('sends a new link for one that expired after a day, and the new one verifies', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('late');
    await signUp(page, email);
    await page.waitForURL('**/register/success');
    const link = await mailedLink(email, '/activate-account/');
    await ageMailedLinks(email, 25);
    await page.goto(link);
    await notice(page, 'The link to verify email has expired, we have sent a new link to verify');
    await page.waitForURL('**/user-login');
    const fresh = await mailedLink(email, '/activate-account/');
    expect(fresh).not.toBe(link);
    await page.goto(fresh);
    await notice(page, 'Your account has been verified, please login to activate your account');
    await context.close();
  });

  it('says when no new link can be sent, and wrong links never block the right one', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/activate-account/abcdefgh12345678/00000000-0000-4000-8000-000000000000');
    await notice(page, 'An unknow error occured, please contact customer support');

    const email = freshEmail('wrong-links');
    await signUp(page, email);
    await page.waitForURL('**/register/success');
    const [, , code, username] = (await mailedLink(email, '/activate-account/')).split('/');
    for (let attempt = 0; attempt < 6; attempt++) {
      await page.goto(`/activate-account/${code}${attempt}x/${username}`);
      await notice(page, 'The link to verify is not correct, we have sent a new link to verify');
    }
    const latest = await mailedLink(email, '/activate-account/');
    await page.goto(latest);
    await notice(page, 'Your account has been verified, please login to activate your account');
    await context.close();
  });

  it("drops a password set by whoever signed up someone else's address, and lets the owner choose theirs", async () => {
    const email = freshEmail('pre-registered');
    // Signed up in another browser, with a password the owner does not know.
    const attacker = await newPage(browser);
    await attacker.page.goto('/register');
    await attacker.page.getByLabel('Email').fill(email);
    await attacker.page.getByLabel('Password').fill('Attacker#2026');
    await attacker.page.getByRole('checkbox').check();
    await attacker.page.getByRole('button', { name: 'Sign Up' }).click();
    await attacker.page.waitForURL('**/register/success');

    const { page, context } = await newPage(browser);
    await page.goto(await mailedLink(email, '/activate-account/'));
    await notice(
      page,
      'Your email address has been verified. The account was signed up from another browser, so for your safety its password has been removed: please choose your password now',
    );
    await page.waitForURL('**/reset-password/**');
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Repeat Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await notice(page, 'Your password has been changed successfully. Please login');

    await logIn(attacker.page, email, 'Attacker#2026');
    await notice(attacker.page, 'Your credentials does not match, please try again');
    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await attacker.context.close();
    await context.close();
  });

  it('makes a browser wait after five wrong passwords, saying for how long', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('lockout');
    for (let attempt = 0; attempt < 5; attempt++) {
      await logIn(page, email, 'Wrong#Pass1');
      await notice(page, 'Your credentials does not match, please try again');
    }
    await logIn(page, email, 'Wrong#Pass1');
    await notice(page, 'Temporarily blocked because of multiple failed attempts, please try again in 1 minute');
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('reset');
    await signUpAndVerify(page, email);

    await requestReset(page, email);
    await notice(page, 'An email with password reset instructions have been sent to your email');
    await page.waitForURL('**/reset-password-sent');

    const link = await mailedLink(email, '/reset-password/');
    await setNewPassword(page, link, NEW_PASSWORD);
    await notice(page, 'Your password has been changed successfully. Please login');
    await page.waitForURL('**/user-login');

    await setNewPassword(page, link, PASSWORD);
    await notice(page, 'The link has expired or is invalid, please try again');

    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await context.close();
  });

  it('ends the session once its 4 hours have passed without activity', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('expiry');
    await signUpAndVerify(page, email);
    await logIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/activate-account');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await page.reload();
    await page.getByLabel('First Name').waitFor();
    expect(new URL(page.url()).pathname).toBe('/activate-account');

    await page.evaluate(() => localStorage.setItem('sessionExpiry', String(Date.now() - 1000)));
    await page.goto('/activate-account');
    await page.waitForURL('**/user-login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });

  it('takes the right reset link after five wrong tries', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('reset-lock');
    await signUpAndVerify(page, email);
    await requestReset(page, email);
    await page.waitForURL('**/reset-password-sent');
    const [, , code, username] = (await mailedLink(email, '/reset-password/')).split('/');
    const tryLink = (linkCode: string) => setNewPassword(page, `/reset-password/${linkCode}/${username}`, NEW_PASSWORD);
    for (let attempt = 0; attempt < 5; attempt++) {
      await tryLink(`${code}${attempt}x`);
      await notice(page, 'The link has expired or is invalid, please try again');
    }
    await tryLink(code!);
    await notice(page, 'Your password has been changed successfully. Please login');
    await context.close();
  });

  it('refuses a reset link after its hour, and the password stays as it was', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('reset-late');
    await signUpAndVerify(page, email);
    await requestReset(page, email);
    await page.waitForURL('**/reset-password-sent');
    const link = await mailedLink(email, '/reset-password/');
    await ageMailedLinks(email, 2);
    await setNewPassword(page, link, NEW_PASSWORD);
    await notice(page, 'The link has expired or is invalid, please try again');
    await logIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await context.close();
  });

  it('sends a visitor of a private page to login, remembering it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/myAccount');
    await page.waitForURL('**/user-login');
    expect(await page.evaluate(() => localStorage.getItem('redirectUri'))).toBe('/myAccount');
    await context.close();
  });

  it("checks every sign-up and login field in the product's words, and shows a refusal of the server", async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/register');
    const emailField = page.getByLabel('Email');
    const emailMessages: [string, string][] = [
      ['ada', 'Please include "@" in the email address'],
      ['ada@example', 'Please include "." following @ in the email address'],
      ['ada@example.', 'Please include "com" following "@" in the email address'],
      ['ada@@example.com', 'Please enter a valid email address'],
    ];
    for (const [value, message] of emailMessages) {
      await emailField.fill(value);
      await emailField.blur();
      await notice(page, message);
    }
    // A well-formed address, so the browser's own check lets the form be sent.
    await emailField.fill(freshEmail('fields'));
    await page.getByLabel('Password').fill('password');
    // The password is checked as it is typed: its message opens under the field and moves the button down, so
    // the button is clicked once it is there.
    await notice(page, PASSWORD_RULE);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await notice(page, 'Please agree with Terms of Services & Privacy Policy');

    // 255 characters: a well-formed address the server refuses for its length.
    const tooLong = `${'a'.repeat(243)}@example.com`;
    expect(tooLong).toHaveLength(255);
    await emailField.fill(tooLong);
    await page.getByLabel('Password').fill(PASSWORD);
    // The password's message closes and the checkbox moves up: it is clicked where it ends.
    await fieldMessageGone(page, PASSWORD_RULE);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await notice(page, 'One or more fields are not correct');
    expect(new URL(page.url()).pathname).toBe('/register');

    await emailField.fill(freshEmail('fields'));
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await notice(page, 'Please check your email to verify your account');
    await page.waitForURL('**/register/success');

    await page.goto('/user-login');
    await page.getByLabel('Email').fill(freshEmail('fields'));
    await page.getByRole('button', { name: 'Login' }).click();
    await notice(page, 'Please enter your password');
    await context.close();
  });

  it('checks the new password on the reset link, the names on activation, and the Change Password modal', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('rules');
    await signUpAndVerify(page, email);
    await requestReset(page, email);
    await page.waitForURL('**/reset-password-sent');
    await page.goto(await mailedLink(email, '/reset-password/'));
    await page.getByLabel('New Password').fill('password');
    await page.getByLabel('Repeat Password').fill('password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await notice(page, PASSWORD_RULE);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Repeat Password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await notice(page, 'Your password & confirm password does not match, please try again');
    await page.getByLabel('Repeat Password').fill(NEW_PASSWORD);
    await fieldMessageGone(page, 'Your password & confirm password does not match, please try again');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/user-login');

    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Please enter first name');
    await notice(page, 'Please enter last name');
    await page.getByLabel('First Name').fill('Ada!');
    await page.getByLabel('Last Name').fill('Love-lace');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'No special characters allowed');
    expect(await page.getByText('No special characters allowed', { exact: true }).count()).toBe(2);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await fieldMessageGone(page, 'No special characters allowed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/activate-account/success');

    await page.goto('/myAccount');
    const fact = (term: string) =>
      page.locator('dl > div', { has: page.getByText(term, { exact: true }) }).locator('dd');
    expect(await fact('First Name').textContent()).toBe('Ada');
    expect(await fact('Company Name').textContent()).toBe('--');
    await page.getByRole('button', { name: 'Edit Personal Information' }).click();
    await page.getByLabel('Company Name').fill('Analytical Engines');
    await page.getByRole('button', { name: 'Save edits' }).click();
    await notice(page, 'Information Updated');
    expect(await fact('Company Name').textContent()).toBe('Analytical Engines');

    await page.getByRole('button', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog');
    const save = modal.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await modal.getByLabel('Current Password').fill('   ');
    await expect.poll(() => save.isDisabled()).toBe(true);
    await modal.getByLabel('New Password').fill('password');
    await expect.poll(() => save.isDisabled()).toBe(true);
    await modal.getByLabel('Repeat Password').fill('password');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await notice(page, 'Please enter your current password');
    await notice(page, PASSWORD_RULE);
    await modal.getByLabel('Current Password').fill(NEW_PASSWORD);
    await modal.getByLabel('New Password').fill(PASSWORD);
    await modal.getByLabel('Repeat Password').fill(`${PASSWORD}x`);
    await save.click();
    await notice(page, 'Your password & confirm password does not match, please try again');
    await modal.getByLabel('Repeat Password').fill(PASSWORD);
    await fieldMessageGone(page, 'Your password & confirm password does not match, please try again');
    await save.click();
    await notice(page, 'Password Changed');
    await context.close();
  });

  it('shows the header of each kind of user, and takes a user back to the page they were going to', async () => {
    const { page, context } = await newPage(browser);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const email = freshEmail('header');
    await signUpAndVerify(page, email);
    await page.goto('/myAccount');
    await page.waitForURL('**/user-login');
    await logIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await headerMenu(nav, /^Active Account/).click();
    await nav.getByText('Activate your Account', { exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'My Account' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Administration' }).count()).toBe(0);

    // Activating goes on to the page remembered before login.
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/myAccount');
    await headerMenu(nav, /^Grace/).click();
    await nav.getByRole('link', { name: 'My Account' }).waitFor();
    // The header draws every account's entries; a member sees only theirs (ADR 0051).
    expect(await nav.getByText('Activate your Account', { exact: true }).isVisible()).toBe(false);
    expect(await nav.getByRole('link', { name: 'Administration' }).count()).toBe(0);

    await page.goto('/activate-account');
    await page.waitForURL((url) => url.pathname === '/');

    await logOut(page, 'Grace');
    await page.goto('/myAccount');
    await page.waitForURL('**/user-login');
    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/myAccount');
    await context.close();

    const admin = await newPage(browser);
    await logIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.page.waitForURL((url) => url.pathname === '/project-plans');
    const adminNav = admin.page.getByRole('navigation', { name: 'Main' });
    await headerMenu(adminNav, /^Admin/).click();
    await adminNav.getByRole('link', { name: 'Administration' }).click();
    await admin.page.waitForURL('**/admin_panel');
    await admin.context.close();
  });
});

async function logOut(page: Page, name: string) {
  await headerMenu(page.getByRole('navigation', { name: 'Main' }), new RegExp(name)).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/user-login');
}
