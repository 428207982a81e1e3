import { Combobox, Loader, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { adminErrorMessage } from './admin-error.ts';
import { searchUsersQueryOptions } from './search-users.ts';
import { type UserSummary, userName, userOptionLabel } from './user-summary.ts';

/** The spec's cap on the dropdown's height (docs/screens.md, League Management). */
export const PICKER_DROPDOWN_MAX_HEIGHT = 200;
/** Typing pauses this long before the server is asked. */
export const PICKER_DEBOUNCE_MS = 200;

export interface UserPickerProps {
  /** The field's accessible label, e.g. 'Admins'. */
  label: string;
  /** 'Type name or email' (organizations) or 'Search users' (leagues). */
  placeholder: string;
  /** The chosen users, shown as removable bubbles. */
  value: UserSummary[];
  /** Called with the new list after a user is added or removed. */
  onChange: (users: UserSummary[]) => void;
  /** A hint under the label, e.g. how to find someone not yet listed. */
  description?: string;
  /** While saving. */
  disabled?: boolean;
}

/** Chosen users as removable bubbles plus a server-side search whose matches exclude those already chosen. */
export function UserPicker({ label, placeholder, value, onChange, description, disabled = false }: UserPickerProps) {
  const t = useT();
  const id = useId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, PICKER_DEBOUNCE_MS);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const matches = useQuery(searchUsersQueryOptions(debounced, combobox.dropdownOpened));

  // Until the server answers for what is typed now, the previous answer is narrowed here by the server's own
  // rule (each word starts the given name, family name or email), so the list always matches the text.
  const current = debounced === search && !matches.isPlaceholderData;
  const chosen = new Set(value.map((user) => user.id));
  const options = (matches.data ?? []).filter(
    (user) => !chosen.has(user.id) && (current || matchesSearch(user, search)),
  );
  const settled = current && !matches.isFetching;

  // While text is typed, the first match is highlighted so Enter picks it.
  const firstId = options[0]?.id;
  const { selectFirstOption, dropdownOpened } = combobox;
  useEffect(() => {
    if (firstId && search.trim() !== '' && dropdownOpened) selectFirstOption();
  }, [firstId, search, dropdownOpened, selectFirstOption]);

  const add = (userId: string) => {
    const user = options.find((candidate) => candidate.id === userId);
    if (!user) return;
    onChange([...value, user]);
    setSearch('');
    // Closed after a pick so it does not cover the modal's buttons; typing opens it again.
    combobox.closeDropdown();
  };
  const remove = (userId: string) => onChange(value.filter((user) => user.id !== userId));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter while searching picks a match (Combobox does that), never submits the modal's form.
    if (event.key === 'Enter' && search.trim() !== '') event.preventDefault();
    // Backspace in an empty search removes the last bubble, as in any tags field.
    if (event.key === 'Backspace' && search === '' && value.length > 0) {
      event.preventDefault();
      const last = value.at(-1);
      if (last) remove(last.id);
    }
  };

  let status: string | null = null;
  if (matches.isError) status = adminErrorMessage(matches.error, t('admin.users.loadFailed'));
  else if (options.length === 0) status = settled ? t('admin.picker.noMatches') : t('admin.picker.searching');

  return (
    <Combobox store={combobox} onOptionSubmit={add} disabled={disabled}>
      <Combobox.DropdownTarget>
        <PillsInput
          id={id}
          label={label}
          description={description}
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
          rightSection={matches.isFetching && combobox.dropdownOpened ? <Loader size={16} /> : null}
        >
          <Pill.Group>
            {value.map((user) => (
              <Pill
                key={user.id}
                withRemoveButton={!disabled}
                onRemove={() => remove(user.id)}
                // Mantine hides the remove button from the keyboard; here it is a real, named button.
                removeButtonProps={{
                  'aria-label': t('admin.picker.remove', { name: userName(user) }),
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {userName(user)}
              </Pill>
            ))}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                id={id}
                value={search}
                placeholder={placeholder}
                autoComplete="off"
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
                onKeyDown={onKeyDown}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown>
        <Combobox.Options
          aria-label={t('admin.picker.matches', { label })}
          style={{ maxHeight: PICKER_DROPDOWN_MAX_HEIGHT, overflowY: 'auto' }}
        >
          {options.map((user) => (
            <Combobox.Option value={user.id} key={user.id}>
              {userOptionLabel(user)}
            </Combobox.Option>
          ))}
          {status ? <Combobox.Empty>{status}</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The server's search rule (contract: listUsers search), applied to results already on screen. */
export function matchesSearch(user: UserSummary, search: string): boolean {
  const fields = [user.givenName, user.familyName, user.email].map((field) => field.toLowerCase());
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => fields.some((field) => field.startsWith(word)));
}
