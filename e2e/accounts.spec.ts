import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { freshEmail, mailedLink } from './mailbox';

const PASSWORD = 'Planner#2026';
const NEW_PASSWORD = 'Launch#2027';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function signUp(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
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
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/activate-account/success');
    await page.getByText('Congratulations!').waitFor();

    await page.goto('/myAccount');
    await page.getByText('Ada').first().waitFor();
    await expectAccessible(page);
    expect(await page.getByText('No address added').count()).toBe(1);

    await logOut(page);
    await logIn(page, email, PASSWORD);
    await notice(page, 'You have logged in successfully');
    await context.close();
  });

  it('explains every sign-up and login failure in the spec words', async () => {
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

  it('resets a forgotten password through the e-mailed link', async () => {
    const { page, context } = await newPage(browser);
    const email = freshEmail('reset');
    await signUp(page, email);
    await page.waitForURL('**/register/success');
    await page.goto(await mailedLink(email, '/activate-account/'));
    await page.waitForURL('**/user-login');

    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.waitForURL('**/reset-password-sent');

    const link = await mailedLink(email, '/reset-password/');
    await page.goto(link);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Repeat Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await notice(page, 'Your password has been changed successfully. Please login');
    await page.waitForURL('**/user-login');

    await page.goto(link);
    await page.getByLabel('New Password').fill(PASSWORD);
    await page.getByLabel('Repeat Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await notice(page, 'The link has expired or is invalid, please try again');

    await logIn(page, email, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/activate-account');
    await context.close();
  });

  it('sends a visitor of a private page to login and back after it', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/myAccount');
    await page.waitForURL('**/user-login');
    await context.close();
  });
});

async function logOut(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Ada/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/user-login');
}
