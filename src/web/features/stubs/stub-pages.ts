import { MENU_SECTIONS } from '../../../core/menu.ts';
import { paths } from '../../../core/paths.ts';

export interface StubPageInfo {
  path: string;
  title: string;
  description: string;
}

const menuItem = (path: string) => MENU_SECTIONS.flatMap((section) => section.items).find((item) => item.path === path);

/** A page's heading is the spec's screen name; its description comes from the menu (src/core/menu.ts). */
function stub(path: string, title: string, description?: string): StubPageInfo {
  return { path, title, description: description ?? menuItem(path)?.description ?? '' };
}

/** Pages whose working behaviour is not built yet (spec §1: placeholder pages). */
export const STUB_PAGES: readonly StubPageInfo[] = [stub(paths.parentLog, 'Log Outing for My Child')];
