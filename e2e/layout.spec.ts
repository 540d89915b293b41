/**
 * The layout every page shares: header (desktop links or the phone menu), skip link, landmarks,
 * footer with the newsletter form and copyright, and every header/footer link resolving.
 * Runs in all four projects (phone/desktop × JS on/off); the phone-menu tests set a phone
 * viewport themselves so they also run in the desktop projects.
 */
import { expect, test, type Page } from '@playwright/test';

const PRIMARY = ['About', 'Highlights', 'Projects', 'Volunteer', 'Donations', 'Partnerships & Collaborations'];
const PRIMARY_HREFS = ['/about', '/highlights', '/#projects', '/volunteer', '/donations', '/partnerships'];
const SECONDARY = ['Projects', "What's on", 'Volunteer', 'Donations', 'Partnerships & Collaborations'];
const PHONE = { width: 390, height: 844 };
const DESKTOP_MIN = 1100;

const menuToggle = (page: Page) => page.locator('#mobile-menu > summary');
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

test.describe('landmarks and header', () => {
  test('one banner, main, contentinfo; the header shows the right navigation for the viewport', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.locator('main#main')).toBeAttached();

    const logo = page.getByRole('banner').getByRole('link', { name: 'Ìtàn Festival home' });
    await expect(logo).toHaveAttribute('href', '/');

    const width = page.viewportSize()!.width;
    const desktop = page.getByRole('navigation', { name: 'Main' });
    if (width >= DESKTOP_MIN) {
      await expect(desktop).toBeVisible();
      await expect(menuToggle(page)).toBeHidden();
      const links = desktop.getByRole('link');
      await expect(links).toHaveText([...PRIMARY, 'Newsletter', 'Register']);
      for (const [i, href] of PRIMARY_HREFS.entries()) await expect(links.nth(i)).toHaveAttribute('href', href);
      await expect(desktop.getByRole('link', { name: 'Newsletter' })).toHaveAttribute('href', '#newsletter');
      // No external form configured in the test servers: Register goes to our own page.
      await expect(desktop.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    } else {
      await expect(desktop).toBeHidden();
      await expect(menuToggle(page)).toBeVisible();
      const compact = page.getByRole('banner').getByRole('link', { name: 'Register', exact: true });
      await expect(compact).toBeVisible();
      await expect(compact).toHaveAttribute('href', '/register');
    }
  });

  test('the phone menu lists the same links plus Home and Newsletter, with exact labels', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await expect(mobileNav(page)).toBeHidden();
    await menuToggle(page).click();
    const links = mobileNav(page).getByRole('link');
    await expect(links).toHaveText(['Home', ...PRIMARY, 'Newsletter']);
    await expect(links.first()).toHaveAttribute('href', '/');
    for (const [i, href] of PRIMARY_HREFS.entries()) await expect(links.nth(i + 1)).toHaveAttribute('href', href);
    await expect(links.last()).toHaveAttribute('href', '#newsletter');
  });

  test('every header and footer link resolves', async ({ page, request }) => {
    await page.goto('/');
    const hrefs = await page
      .locator('header.site-header a[href], footer.site-footer a[href]')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    const paths = new Set<string>();
    for (const href of hrefs) {
      if (/^https?:/.test(href)) continue; // external forms are not ours to test
      paths.add(href.startsWith('#') ? '/' : href.split('#')[0] || '/');
    }
    // Every header route must be among them (header and footer share one list).
    for (const p of ['/', '/about', '/highlights', '/volunteer', '/donations', '/partnerships', '/register']) {
      expect([...paths], `missing link to ${p}`).toContain(p);
    }
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), `${path} answered ${response.status()}`).toBeLessThan(400);
    }
    // The anchors the header uses exist on the home page.
    for (const id of ['projects', 'newsletter', 'register', 'whats-on']) await expect(page.locator(`#${id}`)).toHaveCount(1);
  });
});

test.describe('phone menu', () => {
  test('opens and closes with its toggle @js', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const toggle = menuToggle(page);
    await toggle.click();
    await expect(mobileNav(page)).toBeVisible();
    await expect(page.locator('#mobile-menu')).toHaveAttribute('open', '');
    await toggle.click();
    await expect(mobileNav(page)).toBeHidden();
  });

  test('closes when a link is chosen, same page or another @js', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await menuToggle(page).click();
    await mobileNav(page).getByRole('link', { name: 'Newsletter' }).click();
    await expect(page).toHaveURL(/#newsletter$/);
    await expect(mobileNav(page)).toBeHidden();

    await menuToggle(page).click();
    await mobileNav(page).getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/#projects$/);
    await expect(mobileNav(page)).toBeHidden();

    await menuToggle(page).click();
    await mobileNav(page).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(mobileNav(page)).toBeHidden();
  });

  test('Escape closes it and returns focus to the toggle @js', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await menuToggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(mobileNav(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(mobileNav(page).getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(mobileNav(page)).toBeHidden();
    await expect(menuToggle(page)).toBeFocused();
  });

  test('works without JavaScript: opens, closes, and its links navigate @nojs', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await menuToggle(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await menuToggle(page).click();
    await expect(mobileNav(page)).toBeHidden();
    await menuToggle(page).click();
    await mobileNav(page).getByRole('link', { name: 'Donations' }).click();
    await expect(page).toHaveURL(/\/donations$/);
    // A new page starts with the menu closed.
    await expect(mobileNav(page)).toBeHidden();
    await expect(menuToggle(page)).toBeVisible();
  });
});

test('@nojs a header painted before all of it has arrived: nothing already shown moves when the rest comes', async ({ page, request }) => {
  // On slow data the first frame can be painted while the parser is inside the header. Render the
  // page cut after every tag of the header and compare each element's position with the full page.
  test.setTimeout(360_000);
  const html = await (await request.get('/about')).text();
  const start = html.indexOf('<header');
  const end = html.indexOf('</header>') + '</header>'.length;
  expect(start).toBeGreaterThan(0);
  const cuts = [...html.slice(start, end).matchAll(/>/g)].map((m) => start + m.index + 1);
  let body = html;
  // Only the document: no fonts (the same fallback fonts in every render), images or scripts.
  await page.route(/.*/, (route) =>
    /\/about(\?cut=\d+)?$/.test(route.request().url()) ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }) : route.abort(),
  );
  // Each render at its own URL: going to the same URL again, under CI load, was sometimes aborted
  // as the previous load of that URL ended (net::ERR_ABORTED, on every retry).
  let renders = 0;
  const open = () => page.goto(`/about?cut=${++renders}`, { waitUntil: 'domcontentloaded' });
  const boxes = () =>
    page.locator('header.site-header').evaluate((header) =>
      [header, ...header.querySelectorAll('*')].map((el) => {
        const r = el.getBoundingClientRect();
        const shown = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility === 'visible';
        return { tag: el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''), x: r.x, y: r.y, shown };
      }),
    );
  const widths = test.info().project.name.startsWith('phone') ? [360, 412, 600] : [1280];
  const moved: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    body = html;
    await open();
    const full = await boxes();
    for (const cut of cuts) {
      body = html.slice(0, cut);
      await open();
      const partial = await boxes();
      partial.forEach((box, i) => {
        const final = full[i]!;
        if (box.shown && final.shown && (Math.abs(box.x - final.x) > 0.5 || Math.abs(box.y - final.y) > 0.5)) {
          moved.push(`${width}px, cut at …${html.slice(cut - 40, cut)}: ${box.tag} at (${box.x}, ${box.y}), then (${final.x}, ${final.y})`);
        }
      });
    }
  }
  expect(moved).toEqual([]);
  // Once the page is there, so is the header.
  body = html;
  await open();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ìtàn Festival home' })).toBeVisible();
});

test('the skip link is first, shows on focus and moves to the main content', async ({ page }) => {
  await page.goto('/');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab lands inside main, past the header.
  await page.keyboard.press('Tab');
  const insideMain = await page.evaluate(() => Boolean(document.activeElement?.closest('main')));
  expect(insideMain).toBe(true);
});

test('footer: both link lists, the newsletter form at #newsletter, the copyright line', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText(['Home', ...PRIMARY]);
  await expect(footer.getByRole('navigation', { name: 'Get involved' }).getByRole('link')).toHaveText(SECONDARY);
  const form = footer.locator('form#newsletter');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Email address')).toHaveAttribute('type', 'email');
  await expect(form.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Ìtàn Festival`);
  await expect(footer).toContainText('24–25 October 2025');
});

test('focus is visible on header links and buttons', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab'); // skip link
  await page.keyboard.press('Tab'); // logo
  for (let i = 0; i < 3; i++) {
    const outline = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    });
    expect(outline).toBe(true);
    await page.keyboard.press('Tab');
  }
});

test('a slow navigation shows the loading state (spinner and Loading...) until the page arrives @js', async ({ page }) => {
  // Hold the home page's data back (its prefetch too), as a slow mobile connection would.
  await page.route(
    (url) => url.pathname === '/' && url.searchParams.has('_rsc'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    },
  );
  await page.goto('/about');
  const status = page.locator('.navigation-status');
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).not.toContainText('Loading...');
  await page.getByRole('link', { name: 'Ìtàn Festival home' }).first().click();
  await expect(status).toContainText('Loading...');
  await expect(status.locator('.spinner')).toHaveCount(1);
  await expect(page).toHaveURL(/\/$/);
  await expect(status).not.toContainText('Loading...');
});
