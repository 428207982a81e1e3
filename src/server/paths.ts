import { fileURLToPath } from 'node:url';

/**
 * The folder Bullpen is installed in (the one with package.json), and the files the server reads from it.
 * This file is two folders below it (src/server/), and so is the compiled server (dist/server/, built by
 * scripts/build-server.ts into one module and its chunks): the same relative path holds for both, which is
 * why every path the running server needs starts here.
 */
export const INSTALL_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The SQL migrations drizzle-kit generates (`npm run db:generate`), applied in order at start. */
export const MIGRATIONS_FOLDER = `${INSTALL_ROOT}drizzle`;

/** The built web app (`npm run build`). */
export const DEFAULT_WEB_ROOT = `${INSTALL_ROOT}dist/web`;

/** The catalogues of every language (docs/i18n.md): the server reads them at start-up. */
export const CATALOGUES_FOLDER = `${INSTALL_ROOT}src/core/i18n/catalogues`;
