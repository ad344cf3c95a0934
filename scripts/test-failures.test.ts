import { describe, expect, it } from "vitest";
import { playwrightFailures, vitestFailures } from "./test-failures.mjs";

describe("the failed tests npm test names at its end", () => {
  it("Vitest: each failed test by file and full name, and a file that could not run", () => {
    const report = {
      testResults: [
        {
          name: `${process.cwd()}/sandbox/a.test.ts`,
          status: "failed",
          assertionResults: [
            { fullName: "rules a passing one", status: "passed" },
            { fullName: "rules a failing one", status: "failed" },
          ],
        },
        {
          name: `${process.cwd()}/lib/b.test.ts`,
          status: "passed",
          assertionResults: [{ fullName: "b", status: "passed" }],
        },
        {
          name: `${process.cwd()}/lib/c.test.ts`,
          status: "failed",
          message: "SyntaxError: bad\n  at x",
          assertionResults: [],
        },
      ],
    };
    expect(vitestFailures(report)).toEqual([
      "sandbox/a.test.ts › rules a failing one",
      "lib/c.test.ts (did not run: SyntaxError: bad)",
    ]);
  });

  it("Playwright: each unexpected test by file, line and describe path; flaky and passed ones are not named", () => {
    const report = {
      suites: [
        {
          title: "usage.spec.ts",
          specs: [{ title: "top level", file: "usage.spec.ts", line: 4, tests: [{ status: "unexpected" }] }],
          suites: [
            {
              title: "usage",
              specs: [
                { title: "sorted", file: "usage.spec.ts", line: 9, tests: [{ status: "expected" }] },
                { title: "retried", file: "usage.spec.ts", line: 12, tests: [{ status: "flaky" }] },
              ],
              suites: [
                {
                  title: "bad input",
                  specs: [
                    {
                      title: "a long range",
                      file: "usage.spec.ts",
                      line: 20,
                      tests: [{ status: "unexpected" }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      "usage.spec.ts:4 › top level",
      "usage.spec.ts:20 › usage › bad input › a long range",
    ]);
  });

  it("a missing report names nothing (npm test counts it as a failure of its own)", () => {
    expect(vitestFailures(null)).toEqual([]);
    expect(playwrightFailures(undefined)).toEqual([]);
  });
});
