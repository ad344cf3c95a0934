// `npm run openapi`: writes the contract table as OpenAPI 3.1 to docs/openapi.json. A test
// fails while the file differs from what the table gives, so run this after changing the contract.
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument, openApiJson } from "../lib/svc/openapi";

const OPENAPI_FILE = "docs/openapi.json";

const document = buildOpenApiDocument();
writeFileSync(OPENAPI_FILE, openApiJson(document));
const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(
  `Wrote ${OPENAPI_FILE}: ${operations} operations on ${Object.keys(document.paths).length} paths, ` +
    `${Object.keys(document.components.schemas).length} schemas.`,
);
