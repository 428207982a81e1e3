import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { CompiledMessage } from './pseudo.ts';

/**
 * A catalogue's messages compiled from ICU MessageFormat to the form @lingui/core reads without a
 * parser. The build compiles the browser's catalogues (vite.config.ts) and the server its own at
 * start-up, so a message with a broken placeholder fails there, not in front of a reader.
 */
export function compileCatalogue(messages: Record<string, string>, where: string): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      try {
        return [id, compileMessage(message) as CompiledMessage];
      } catch (error) {
        throw new Error(`${where}: the message ${id} is not valid ICU MessageFormat: ${(error as Error).message}`);
      }
    }),
  );
}

/** The build's plugin: each catalogue file (JSON) is compiled as it is imported. */
export function compileCataloguesPlugin() {
  const catalogue = /[\\/]src[\\/]core[\\/]i18n[\\/]catalogues[\\/].+\.json$/;
  return {
    name: 'bullpen-compile-catalogues',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!catalogue.test(id)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>, id)), map: null };
    },
  };
}
