import {
  Combobox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  useCombobox,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { type KeyboardEvent, type Ref, useState } from 'react'
import type { AutocompleteItem } from '../../../contracts/catalog'
import { useTranslation } from '../../i18n/use-translation'
import { useProductSuggestions } from '../../lib/product-suggestions'
import { SearchIcon } from '../icons/Icons'
import { ProductImage } from '../ProductImage'

/** The wait after the last keystroke before products are asked for. */
const SUGGEST_DEBOUNCE_MS = 250

export interface ProductCodeFieldProps
  extends Pick<
    TextInputProps,
    'label' | 'description' | 'error' | 'placeholder' | 'size' | 'w' | 'miw' | 'style'
  > {
  /** The field's name for assistive technology when it shows no label of its own (a table cell). */
  'aria-label'?: string
  value: string
  onChange: (text: string) => void
  /** A suggested product chosen (arrows and Enter, or a click). */
  onPick: (item: AutocompleteItem) => void
  /** Enter with no suggestion highlighted: the text as typed is meant. */
  onSubmit?: () => void
  ref?: Ref<HTMLInputElement>
  'data-testid'?: string
}

/**
 * A product code typed, with the catalogue's suggestions (GET /autocomplete, as the header's search
 * box) under it: ArrowDown/ArrowUp move through them, Enter takes the highlighted one or else the text
 * as typed, Escape closes the list. Used where a dealer names a product by code: the quick order's
 * fixes and the cart's one-line entry.
 */
export function ProductCodeField({
  value,
  onChange,
  onPick,
  onSubmit,
  ref,
  'data-testid': testId,
  ...inputProps
}: ProductCodeFieldProps) {
  const { t } = useTranslation()
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() })
  // What the dealer typed and wants suggestions for; a code put in by a pick asks for none.
  const [query, setQuery] = useState('')
  const [q] = useDebouncedValue(query.trim(), SUGGEST_DEBOUNCE_MS)
  const found = useProductSuggestions(q)
  const items = q === '' ? [] : (found.data ?? [])
  const searching = q !== '' && found.isFetching

  const pick = (id: string) => {
    const item = items.find((i) => String(i.id) === id)
    if (!item) return
    setQuery('')
    combobox.closeDropdown()
    onPick(item)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
    // A highlighted suggestion is Mantine's to choose (it runs after this); otherwise the text counts.
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return
    event.preventDefault()
    setQuery('')
    combobox.closeDropdown()
    onSubmit?.()
  }

  return (
    <Combobox store={combobox} onOptionSubmit={pick}>
      <Combobox.Target>
        <TextInput
          {...inputProps}
          ref={ref}
          value={value}
          autoComplete="off"
          spellCheck={false}
          leftSection={<SearchIcon size={16} />}
          rightSection={searching ? <Loader size="xs" aria-hidden="true" /> : null}
          onChange={(event) => {
            const text = event.currentTarget.value
            onChange(text)
            setQuery(text)
            if (text.trim()) combobox.openDropdown()
            else combobox.closeDropdown()
            combobox.updateSelectedOptionIndex()
          }}
          onKeyDown={onKeyDown}
          onBlur={() => combobox.closeDropdown()}
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={q === '' || query.trim() === ''}>
        <Combobox.Options mah={300} style={{ overflowY: 'auto' }} aria-label={t('productCode.suggestions')}>
          {items.length === 0 ? (
            <Combobox.Empty>
              {searching ? t('productCode.searching') : t('productCode.nothingFound')}
            </Combobox.Empty>
          ) : (
            items.map((item) => (
              <Combobox.Option key={item.id} value={String(item.id)} data-testid="product-code-option">
                <Group gap="sm" wrap="nowrap">
                  <ProductImage file={item.image} alt="" height={32} width={32} />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={600}>
                      {item.code}
                    </Text>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {item.name}
                    </Text>
                  </Stack>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  )
}
