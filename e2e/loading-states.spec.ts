import { sections } from "../lib/shell/sections";
import { expect, seriousViolations, test, withSessionOf } from "./fixtures";

/**
 * What a page shows while its data is on the way is a page too: screen readers meet it first,
 * on every slow connection. The service's answers, and the dashboard's own answers from the
 * portfolio mirror (its sync, alerts and triage queue), are held back in the browser (a slow network, nothing answered in their
 * place) so each section stays in its loading state while axe reads it.
 */
const DATA = /\/api\/(svc|sync|mirror)\/|\/api\/(alerts|triage)\b/;
for (const { href, label } of sections) {
  test(`the loading state of ${label} names itself in a way assistive technology accepts`, async ({
    page,
  }) => {
    test.slow(); // axe over a whole page, after a sign-in
    await withSessionOf(page, "owner");
    const held: Array<() => Promise<void>> = [];
    await page.route(DATA, (route) => {
      held.push(() => route.continue().catch(() => undefined));
    });
    await page.goto(href);
    await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.unroute(DATA);
    await Promise.all(held.map((release) => release()));
  });
}
