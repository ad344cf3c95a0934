// The sets and listing workspaces' screenshots (run by `npm run screenshots` after the others).
import { as, base, keyOf, sandbox, settled } from "./screenshot-session";

const ownerKey = await keyOf("owner");
const read = async <T>(path: string) =>
  (await (await fetch(`${sandbox}${path}`, { headers: { "x-api-key": ownerKey } })).json()) as T;

const sets = await read<Array<{ id: string; is_paid: boolean; member_count: number }>>("/sets?per_page=100");
const paidSet = sets.find((s) => s.is_paid && s.member_count <= 25)!;
const [listing] = await read<Array<{ svc_id: string }>>("/listings?per_page=1");

await as("owner", async (page) => {
  await page.goto(`${base}/sets`);
  await settled(page);
  await page.screenshot({ path: "docs/screenshots/sets.png" });

  await page.goto(`${base}/sets/${paidSet.id}?tab=members`);
  await settled(page);
  await page.screenshot({ path: "docs/screenshots/set-members.png" });

  await page.goto(`${base}/sets/${paidSet.id}?tab=analytics`);
  await page.getByTestId("set-calendar").scrollIntoViewIfNeeded();
  await settled(page);
  await page.getByTestId("set-calendar").screenshot({ path: "docs/screenshots/set-calendar.png" });
  // The same page in the dark theme, as a device set to dark shows it (no reload: the page follows).
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  await page.getByTestId("set-calendar").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "docs/screenshots/dark.png" });
  await page.emulateMedia({ colorScheme: "light" });

  for (const tab of ["kpis", "calendar", "preferences"] as const) {
    await page.goto(`${base}/listings/${listing!.svc_id}?tab=${tab}`);
    await settled(page);
    await page.screenshot({ path: `docs/screenshots/listing-${tab}.png`, fullPage: tab === "kpis" });
  }
});
