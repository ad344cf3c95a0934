// The names of the tests that failed, read from Vitest's and Playwright's JSON reports, so the
// last lines `npm test` prints (often all a CI log keeps) say which test to look at.
import { relative } from "node:path";

/** Vitest's report: each failed test as "file › full name", and each file that failed to run. */
export function vitestFailures(report) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    const where = relative(process.cwd(), file.name ?? "");
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) names.push(`${where} › ${test.fullName}`);
    if (file.status === "failed" && failedTests.length === 0) {
      names.push(`${where} (did not run: ${firstLine(file.message) || "no message"})`);
    }
  }
  return names;
}

/** Playwright's report: each test that ended unexpectedly, as "file:line › title path". */
export function playwrightFailures(report) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((test) => test.status === "unexpected")) {
        names.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return names;
}

function firstLine(text = "") {
  return text.split("\n")[0].trim();
}
