import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';
import {
  baseUrl,
  chooseOption,
  expectAccessible,
  expectNoSidewaysScroll,
  launchBrowser,
  newPage,
  notice,
  PHONE,
} from './browser';
import { freshEmail, mailedLink } from './mailbox';

const PASSWORD = 'Planner#2026';
const COVER = readFileSync(new URL('../apps/web/public/images/templates/offer-creation-plan.jpeg', import.meta.url));
const SHEET = readFileSync(new URL('../docs/examples/project-plan-example.xlsx', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/user-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/user-login');
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

interface PublicPlan {
  id: number;
  product_name: string;
  project_plan_links: { type: string; link: string; link_text: string }[];
}
const publicPlans = async () =>
  (await (await fetch(`${baseUrl()}/api/project-plans-without-pagination`)).json()) as PublicPlan[];
/** The product as the signed-in administrator reads it: every link, template links included. */
const adminView = async (page: Page, id: number) =>
  (await page.evaluate(async (productId) => {
    const token = window.localStorage.getItem('accessToken');
    const res = await fetch(`/api/project-plans/${productId}`, { headers: { authorization: `Bearer ${token}` } });
    return res.json();
  }, id)) as PublicPlan;

/** Puts the signed-in administrator on the toolkit buyers' list of the local CRM: the members area opens. */
const joinMembersArea = (page: Page, email: string) =>
  page.evaluate(async (address) => {
    const token = window.localStorage.getItem('accessToken');
    const res = await fetch('/api/active-campaign/flags', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, toolkit: true }),
    });
    if (!res.ok) throw new Error(`flags: ${res.status}`);
  }, email);

/** The members area's Project Plan Templates panel, opened; the caller looks for a product's link in it. */
async function membersAreaTemplates(page: Page) {
  await page.goto('/membership-area');
  const sidebar = page.getByRole('navigation', { name: 'Membership area' });
  await sidebar.getByRole('button', { name: 'Project Plan Templates' }).click();
  await sidebar.getByRole('link').first().waitFor();
  return sidebar;
}

/** Opens the admin list's last page (new products are listed last) and waits for a row. */
async function openRow(page: Page, productName: string) {
  await page.goto('/admin_panel');
  await page.locator('.ant-pagination-item').last().click();
  await page.getByRole('row').filter({ hasText: productName }).waitFor();
  return page.getByRole('row').filter({ hasText: productName });
}

describe('admin catalogue', () => {
  it('creates a product with image, plan sheet, overview and links, edits, deactivates and deletes it', async () => {
    const { page, context } = await newPage(browser);
    const productName = `Launch Plan ${Date.now()}`;
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin_panel');
    await page.getByRole('row').nth(1).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New product' }).click();
    await page.waitForURL('**/add-new-project');
    await page.getByRole('heading', { name: 'New product' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Please add Product Name & Category!');
    await notice(page, 'Please Fill Required Field(s)');

    await page.getByLabel('Product Name').fill(productName);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Please add Category!');
    await chooseOption(field(page, 'Category'), 'Project Plan Templates');

    const [imageUpload, sheetUpload] = [page.locator('.file-upload').nth(0), page.locator('.file-upload').nth(1)];
    await imageUpload.getByRole('button', { name: 'Upload' }).click();
    await notice(page, 'Please Select a File!');
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'Launch Cover.jpg', mimeType: 'image/jpeg', buffer: COVER });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Please Upload Your File!');
    await imageUpload.getByRole('button', { name: 'Upload' }).click();
    await imageUpload.getByRole('img', { name: 'Preview of Launch Cover.jpg' }).waitFor();
    await notice(page, 'File Uploaded Sucessfully');
    await page
      .getByLabel('Project plan spreadsheet')
      .setInputFiles({ name: 'Launch Plan.xlsx', mimeType: 'application/octet-stream', buffer: SHEET });
    await sheetUpload.getByRole('button', { name: 'Upload' }).click();
    await sheetUpload.getByText('Launch Plan.xlsx').waitFor();

    await page.getByRole('tab', { name: 'Description & overview' }).click();
    await page.getByLabel('Description', { exact: true }).fill('Plan a launch in two phases.');
    const editor = page.getByRole('textbox', { name: 'Overview' });
    await editor.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await editor.pressSequentially('Why it works');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Template links' }).click();
    await page.getByLabel('Vimeo link').fill('https://vimeo.com/76979871');
    await page.getByLabel('Template link 1 title').fill('Launch checklist');
    await page.getByLabel('Template link 1 link').fill('https://example.com/checklist');
    await page.getByRole('button', { name: 'Add Link' }).click();
    await page.getByLabel('Template link 2 title').fill('Launch calendar');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Link or text Empty');
    await notice(page, 'Invalid Input');
    await page.getByLabel('Template link 2 link').fill('https://example.com/calendar');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Project Created Successfully');
    await page.waitForURL('**/admin_panel');

    // Public: listed on /project-plans with its uploaded picture, its plan and its overview.
    // Template links are member content: the public sees the picture and the video, the admin every link.
    const created = (await publicPlans()).find((p) => p.product_name === productName);
    expect(created?.project_plan_links.map((l) => l.link_text)).toEqual(['Launch Cover.jpg', 'viemo']);
    expect((await adminView(page, created!.id)).project_plan_links.map((l) => l.link_text)).toEqual([
      'Launch Cover.jpg',
      'viemo',
      'Launch checklist',
      'Launch calendar',
    ]);
    await page.goto('/project-plans');
    const card = page.getByRole('article').filter({ hasText: productName });
    await card.waitFor();
    await expect
      .poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await card.getByRole('button', { name: `Learn more about ${productName}` }).click();
    await page.getByText('Why it works').waitFor();
    expect(await page.locator('.plan-detail__overview strong').textContent()).toBe('Why it works');

    // Members: the product is in the members area, under its category.
    await joinMembersArea(page, ADMIN_EMAIL);
    await (await membersAreaTemplates(page)).getByRole('link', { name: productName }).waitFor();

    // Edit: remove a link.
    let row = await openRow(page, productName);
    await expect.poll(() => row.getByText('Active', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: `Edit ${productName}` }).click();
    await page.waitForURL('**/update-project');
    await page.getByRole('heading', { name: 'Edit Product' }).waitFor();
    await expect.poll(() => page.getByLabel('Product Name').inputValue()).toBe(productName);
    // An uploaded file shows its preview or name with Change and a trash icon, never the browser's own
    // 'Choose File / No file chosen' control beside them; Change still opens the file picker.
    await expect.poll(() => page.getByRole('button', { name: 'Change', exact: true }).count()).toBe(2);
    for (const input of await page.locator('.file-upload input[type="file"]').all()) {
      expect(await input.isVisible()).toBe(false);
    }
    const picker = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Change', exact: true }).first().click();
    await picker;
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Template links' }).click();
    await page.getByRole('button', { name: 'Delete template link 2' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Project Updated Sucessfully');
    await page.waitForURL('**/admin_panel');
    const edited = await adminView(page, created!.id);
    expect(edited.project_plan_links.map((l) => l.link_text)).toEqual([
      'Launch Cover.jpg',
      'viemo',
      'Launch checklist',
    ]);

    // Deactivate: gone from the public lists, shown as Inactive to the admin.
    row = await openRow(page, productName);
    await row.getByRole('button', { name: `Edit ${productName}` }).click();
    await page.getByRole('checkbox', { name: 'Active' }).uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await notice(page, 'Project Updated Sucessfully');
    expect((await publicPlans()).some((p) => p.product_name === productName)).toBe(false);
    await page.goto('/project-plans');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').filter({ hasText: productName }).count()).toBe(0);
    expect(await (await membersAreaTemplates(page)).getByRole('link', { name: productName }).count()).toBe(0);
    row = await openRow(page, productName);
    await row.getByText('Inactive', { exact: true }).waitFor();

    // Delete, after confirming.
    await row.getByRole('button', { name: `Delete ${productName}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await notice(page, 'Project Deleted Sucessfully');
    await notice(page, 'Your Project is Deleted from List');
    await expect.poll(() => page.getByRole('row').filter({ hasText: productName }).count()).toBe(0);
    await context.close();
  });

  it('a Hide for a plan sends its users to /no-permissions', async () => {
    // A member on the Essential plan, activated, on their account page.
    const member = await newPage(browser);
    const email = freshEmail('hidden');
    await member.page.goto('/register');
    await member.page.getByLabel('Email').fill(email);
    await member.page.getByLabel('Password').fill(PASSWORD);
    await member.page.getByRole('checkbox').check();
    await member.page.getByRole('button', { name: 'Sign Up' }).click();
    await member.page.waitForURL('**/register/success');
    await member.page.goto(await mailedLink(email, '/activate-account/'));
    await member.page.waitForURL('**/user-login');
    await logIn(member.page, email, PASSWORD);
    await member.page.waitForURL((url) => url.pathname === '/activate-account');
    await member.page.getByLabel('First Name').fill('Hedy');
    await member.page.getByLabel('Last Name').fill('Lamarr');
    await member.page.getByRole('button', { name: 'Save' }).click();
    await member.page.waitForURL('**/activate-account/success');
    await member.page.goto('/myAccount');
    await member.page.getByRole('heading', { name: 'Contact Information' }).waitFor();

    const admin = await newPage(browser);
    await logIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.page.goto('/admin_panel');
    await admin.page.getByRole('button', { name: 'Permission settings' }).click();
    await admin.page.waitForURL('**/permission-settings');
    const save = admin.page.getByRole('button', { name: 'Save', exact: true });
    await chooseOption(field(admin.page, 'Plan'), 'Essential');
    await chooseOption(field(admin.page, 'Permission'), 'My Account (myAccount)');
    expect(await save.isDisabled()).toBe(true);
    await admin.page.getByRole('radio', { name: 'Hide' }).check();
    await expectAccessible(admin.page);
    await save.click();
    await notice(admin.page, 'Permission already exist');

    const setMyAccount = async (value: 'Show' | 'Hide') => {
      await admin.page.getByText('Update', { exact: true }).click();
      await chooseOption(field(admin.page, 'Permission'), 'My Account (myAccount)');
      await admin.page.getByRole('radio', { name: value }).check();
      await admin.page.getByRole('button', { name: 'Update', exact: true }).click();
      await notice(admin.page, 'Successfully updating');
      await admin.page.getByText('Create', { exact: true }).click();
    };
    await setMyAccount('Hide');
    await expectAccessible(admin.page);

    await member.page.goto('/myAccount');
    await member.page.waitForURL('**/no-permissions');
    await member.page.getByText("Unfortunately, you don't have permission.").waitFor();

    // Shown again: the account page opens again.
    await setMyAccount('Show');
    await member.page.goto('/myAccount');
    await member.page.getByRole('heading', { name: 'Contact Information' }).waitFor();
    expect(new URL(member.page.url()).pathname).toBe('/myAccount');
    await member.context.close();
    await admin.context.close();
  });

  it("creates an entry for a plan and permission that have none ('Successfully creating')", async () => {
    const { page, context } = await newPage(browser);
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const entries = () =>
      page.evaluate(async () => {
        const token = window.localStorage.getItem('accessToken');
        const res = await fetch('/api/permissions/plan/9', { headers: { authorization: `Bearer ${token}` } });
        return (await res.json()) as { id: number; is_displayed: boolean; permission: { permission_name: string } }[];
      });
    const downloads = async () => (await entries()).find((e) => e.permission.permission_name === 'ai-download');
    // Every pair is seeded: one is removed first, so that the pair is free.
    const seeded = await downloads();
    expect(seeded?.is_displayed).toBe(true);
    const status = await page.evaluate(async (id) => {
      const token = window.localStorage.getItem('accessToken');
      const res = await fetch(`/api/permissions/plan/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      return res.status;
    }, seeded!.id);
    expect(status).toBe(204);
    expect(await downloads()).toBeUndefined();

    await page.goto('/permission-settings');
    await chooseOption(field(page, 'Plan'), 'Premium Yearly');
    await chooseOption(field(page, 'Permission'), 'Download AI plans (ai-download)');
    await page.getByRole('radio', { name: 'Show' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notice(page, 'Successfully creating');
    await expect.poll(async () => (await downloads())?.is_displayed).toBe(true);
    await context.close();
  });

  it('imports lifetime-deal codes from a CSV, and an imported code redeems', async () => {
    const { page, context } = await newPage(browser);
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin_panel');
    await page.getByRole('button', { name: 'Import lifetime-deal codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import lifetime-deal codes' });
    await dialog.waitFor();
    await expectAccessible(page);
    const code = `LTD-ADMIN-${Date.now()}`;
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'codes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`code\n${code}\n`),
    });
    await expect.poll(() => dialog.getByLabel('Codes', { exact: true }).inputValue()).toContain(code);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Codes imported: 1 new, 0 already known.').waitFor();
    // The same file again adds nothing.
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.getByText('Codes imported: 0 new, 1 already known.').waitFor();
    await context.close();

    const buyer = await newPage(browser);
    await buyer.page.goto('/appsumo');
    await buyer.page.getByLabel('First Name').fill('Ida');
    await buyer.page.getByLabel('Last Name').fill('Import');
    await buyer.page.getByLabel('AppSumo Email').fill(freshEmail('imported'));
    await buyer.page.getByLabel('AppSumo Code').fill(code);
    await buyer.page.getByRole('button', { name: 'Redeem Code' }).click();
    await notice(buyer.page, 'Success!');
    await buyer.context.close();
  });

  it('offers the sections as a dropdown on a phone, each within its width', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin_panel');
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('tab', { name: 'Project plans' }).isVisible()).toBe(false);
    // The tools above the products (New product, Import lifetime-deal codes, …) once ran off the screen.
    await expectNoSidewaysScroll(page, 'the products');
    await expectAccessible(page);
    await chooseOption(field(page, 'Section'), 'Business Templates');
    await page.getByText('No business templates yet.').waitFor();
    expect(await page.getByRole('row').count()).toBe(0);

    // A member's page fits the phone: a long e-mail or audit line wraps instead of widening its drawer.
    await chooseOption(field(page, 'Section'), 'Members');
    await page.getByLabel('Search members').fill(ADMIN_EMAIL);
    // The search's own answer, then the row it drew: the list shown before it (kept while the search loads) holds
    // the same button, and a click on it as the table redraws can be lost.
    const searched = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/admin/members' && response.url().includes('q='),
    );
    await page.getByLabel('Search members').press('Enter');
    expect((await searched).status()).toBe(200);
    await expect.poll(() => page.locator('tbody tr[data-row-key]').count()).toBe(1);
    const opened = page.waitForResponse((response) => /\/api\/admin\/members\/\d+$/.test(response.url()));
    await page.getByRole('button', { name: `Open ${ADMIN_EMAIL}` }).click();
    expect((await opened).status()).toBe(200);
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Audit events').waitFor();
    await expectNoSidewaysScroll(page, 'the members');
    const body = drawer.locator('.ant-drawer-body');
    expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth), "the member's page").toBe(0);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The insights' tables (up to five columns) fit too.
    await chooseOption(field(page, 'Section'), 'Insights');
    await page.getByRole('heading', { name: 'Most taken templates' }).waitFor();
    await expectNoSidewaysScroll(page, 'the insights');
    await expectAccessible(page);
    await context.close();
  });

  it('keeps visitors out of the admin pages', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/admin_panel');
    await page.waitForURL('**/user-login');
    await context.close();
  });
});
