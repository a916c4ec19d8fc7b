/** Writes docs/auth-matrix.md from the credential matrix's table (tests/support/auth-matrix.ts). */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { AUTH_MATRIX_DOC, renderAuthMatrixDoc } from "../tests/support/auth-matrix";

writeFileSync(path.resolve(import.meta.dirname, "..", AUTH_MATRIX_DOC), renderAuthMatrixDoc());
console.log(`wrote ${AUTH_MATRIX_DOC}`);
