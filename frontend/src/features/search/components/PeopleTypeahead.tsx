import '../people.css';

import type { UserSearchResult } from '@contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { Avatar } from '@/ui/Avatar';

import { typeaheadQuery, usePeopleTypeahead } from '../hooks/usePeopleTypeahead';

type Option = { key: string; person: UserSearchResult } | { key: string; tag: string };

const hrefOf = (option: Option) =>
  'person' in option
    ? `/profile/${encodeURIComponent(option.person.username)}`
    : `/search?${new URLSearchParams({ hashtag: option.tag }).toString()}`;

/**
 * The search box as a combobox (WAI-ARIA 1.2): as the member types, people whose name starts with
 * the text (or the #tag typed) show in a listbox under it. Focus stays in the box; the arrows move
 * the active option (aria-activedescendant), Enter opens it, Escape closes the list; Enter with no
 * option active still submits the search.
 */
export function usePeopleCombobox(value: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const query = open ? typeaheadQuery(value) : null;
  const { people, loading } = usePeopleTypeahead(query);
  const options: Option[] =
    query?.kind === 'hashtag'
      ? [{ key: `tag:${query.tag}`, tag: query.tag }]
      : people.map((person) => ({ key: `user:${person.id}`, person }));
  const active = options.findIndex((o) => o.key === activeKey);
  const expanded = options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const close = () => {
    setOpen(false);
    setActiveKey(null);
  };
  const choose = (option: Option) => {
    close();
    void navigate(hrefOf(option));
  };
  const move = (by: 1 | -1) => {
    const next = active < 0 ? (by === 1 ? 0 : options.length - 1) : (active + by + options.length) % options.length;
    setActiveKey(options[next]!.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that end a composition (Arabic or other input methods) belong to it.
    if (event.nativeEvent.isComposing) return;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && expanded) {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'ArrowDown' && !open) {
      setOpen(true);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const inputProps = {
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': active >= 0 ? optionId(active) : undefined,
    onKeyDown,
    onBlur: close,
  };

  // The text the people search found no one for (a line under the box), else null.
  const noOneFor = query?.kind === 'people' && !loading && people.length === 0 ? query.q : null;
  const list = (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.people.listLabel')}
        className="people-typeahead card"
        hidden={!expanded}
      >
        {options.map((option, index) => (
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="people-typeahead__option"
            // The box keeps focus (and the list) while an option is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {'person' in option ? <PersonOption person={option.person} /> : <TagOption tag={option.tag} />}
          </li>
        ))}
      </ul>
      <p role="status" className={noOneFor ? 'people-typeahead__none muted' : 'visually-hidden'}>
        {noOneFor
          ? t('search.people.none', { q: noOneFor })
          : expanded && query?.kind === 'people'
            ? t('search.people.found', { count: options.length })
            : ''}
      </p>
    </>
  );

  const typed = () => {
    setOpen(true);
    setActiveKey(null);
  };

  return { inputProps, list, typed, close };
}

function PersonOption({ person }: { person: UserSearchResult }) {
  const { t } = useTranslation();
  return (
    <>
      <Avatar src={person.avatar} name={person.name} size={32} />
      <span className="people-typeahead__names">
        <bdi className="people-typeahead__name">{person.name}</bdi>
        <bdi className="muted" dir="ltr">
          @{person.username}
        </bdi>
      </span>
      {person.isFollowing ? (
        <span className="people-typeahead__following muted">{t('search.people.following')}</span>
      ) : null}
    </>
  );
}

function TagOption({ tag }: { tag: string }) {
  const { t } = useTranslation();
  return (
    <span className="people-typeahead__names">
      <bdi className="people-typeahead__name">{t('search.results.hashtagHeading', { tag })}</bdi>
    </span>
  );
}
