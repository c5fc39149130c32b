import { TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { SearchIcon } from '../../components/icons/Icons'

/** The search bar's slot: the catalogue issue adds suggestions and the search route. */
export function SearchBox() {
  const { t } = useTranslation()
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser we support yet
    <form role="search" onSubmit={(event) => event.preventDefault()}>
      <TextInput
        name="q"
        type="search"
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        leftSection={<SearchIcon size={16} />}
        autoComplete="off"
      />
    </form>
  )
}
