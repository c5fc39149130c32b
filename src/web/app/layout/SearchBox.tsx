import { Paper, TextInput } from '@mantine/core'
import { useClickOutside, useDebouncedValue, useId } from '@mantine/hooks'
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { AutocompleteItem } from '../../../contracts/catalog'
import { SearchIcon } from '../../components/icons/Icons'
import { fallbackImage, imageUrl, uploadedImageSources } from '../../components/image-url'
import { useTranslation } from '../../i18n/use-translation'
import { localePath, stripLocalePrefix } from '../../lib/locale-path'
import { useSession } from '../../lib/session-context'
import classes from './SearchBox.module.css'
import { fetchSuggestions, isAbortError, SEARCH_DEBOUNCE_MS } from './search-api'

function Thumbnail({ file }: { file: string | null }) {
  const [failed, setFailed] = useState(false)
  return (
    <img
      src={failed ? fallbackImage : (uploadedImageSources(file, 48)?.webp ?? imageUrl(file))}
      alt=""
      width={48}
      height={48}
      className={classes.thumb}
      onError={() => setFailed(true)}
    />
  )
}

/**
 * The header's search bar (spec/2 §2), an ARIA combobox: suggestions for non-empty text 500 ms after
 * the last keystroke, the previous request aborted; ArrowUp/ArrowDown move the highlight, Enter opens
 * the highlighted suggestion or else goes to the search page; Escape or a click outside closes the list.
 * Hand-made rather than Mantine's Combobox: the header is in the first download (docs/design.md §6 budget).
 */
export function SearchBox() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const listId = useId()
  const [value, setValue] = useState('')
  // What the user typed and still wants suggestions for; text the app puts in asks for none.
  const [query, setQuery] = useState('')
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS)
  const [items, setItems] = useState<AutocompleteItem[]>([])
  const [opened, setOpened] = useState(false)
  const [active, setActive] = useState(-1)
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpened(false))
  const expanded = opened && items.length > 0
  const optionId = (index: number) => `${listId}-option-${index}`

  useEffect(() => {
    if (!debounced) {
      setItems([])
      return
    }
    const controller = new AbortController()
    fetchSuggestions(debounced, controller.signal).then(
      (found) => {
        setItems(found)
        setActive(-1)
        setOpened(found.length > 0)
      },
      (error: unknown) => {
        if (!isAbortError(error) && !controller.signal.aborted) console.error('Autocomplete failed', error)
      },
    )
    return () => controller.abort()
  }, [debounced])

  useEffect(() => {
    if (expanded && active >= 0)
      document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  })

  // On the search page the box shows the words searched for.
  const onSearchPage = stripLocalePrefix(location.pathname) === '/arama'
  const searchedFor = onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '') : null
  useEffect(() => {
    if (searchedFor !== null) setValue(searchedFor)
  }, [searchedFor])

  const stop = () => {
    setQuery('')
    setItems([])
    setOpened(false)
    setActive(-1)
  }
  const openItem = (item: AutocompleteItem) => {
    stop()
    navigate(localePath(item.url, locale))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = value.trim()
    if (!q) return
    stop()
    navigate(`${localePath('/arama', locale)}?${new URLSearchParams({ q })}`)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = items.length
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return
      event.preventDefault()
      const down = event.key === 'ArrowDown'
      if (!opened) {
        setOpened(true)
        setActive(down ? 0 : count - 1)
      } else {
        setActive((current) => (down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1))
      }
    } else if (event.key === 'Enter') {
      const item = expanded && active >= 0 ? items[active] : undefined
      if (item) {
        event.preventDefault()
        openItem(item)
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      setOpened(false)
      setActive(-1)
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser we support yet
    <form role="search" onSubmit={submit}>
      <div ref={rootRef} className={classes.root}>
        <TextInput
          name="q"
          type="text"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          leftSection={<SearchIcon size={16} />}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={value}
          onChange={(event) => {
            const text = event.currentTarget.value
            setValue(text)
            setQuery(text)
            if (!text.trim()) stop()
          }}
          onKeyDown={onKeyDown}
          onFocus={() => items.length > 0 && setOpened(true)}
        />
        <Paper
          component="div"
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          shadow="md"
          withBorder
          className={classes.list}
          style={expanded ? undefined : { display: 'none' }}
        >
          {items.map((item, index) => (
            // Focus stays in the input (aria-activedescendant); the keyboard works there.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={item.id}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={classes.option}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => openItem(item)}
            >
              <Thumbnail file={item.image} />
              <span className={classes.text}>
                {t('search.suggestion', { code: item.code, name: item.name })}
              </span>
            </div>
          ))}
        </Paper>
      </div>
    </form>
  )
}
