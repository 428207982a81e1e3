import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { MenuSection } from '../../../../core/menu.ts';
import { useT } from '../../../lib/i18n.ts';

export interface SectionMenuProps {
  sections: readonly MenuSection[];
  openIds: ReadonlySet<string>;
  selectedId: string | null;
  onToggle: (id: string, opened: boolean) => void;
  onSelect: (id: string) => void;
  /** Called when an item is followed (the phone layout closes the menu). */
  onNavigate?: () => void;
}

/** The collapsible menu: one entry per section the roles allow, its pages inside (docs/screens.md, Dashboard). */
export function SectionMenu({ sections, openIds, selectedId, onToggle, onSelect, onNavigate }: SectionMenuProps) {
  const { pathname } = useLocation();
  const t = useT();
  return sections.map((section) => {
    const opened = openIds.has(section.id);
    return (
      <NavLink
        key={section.id}
        component="button"
        label={t(section.titleId)}
        childrenOffset={28}
        opened={opened}
        onChange={(next) => onToggle(section.id, next)}
        onClick={() => onSelect(section.id)}
        active={selectedId === section.id}
        fw={600}
        aria-expanded={opened}
      >
        {section.items.map((item) => (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={t(item.labelId)}
            active={pathname === item.path}
            aria-current={pathname === item.path ? 'page' : undefined}
            onClick={onNavigate}
          />
        ))}
      </NavLink>
    );
  });
}
