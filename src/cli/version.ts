// The version lives beside the package root it is read from (src/schema/package-root.ts), where the
// library API can reach it too; the command line keeps importing it from here.
export { packageVersion } from '../schema/package-root.js';
