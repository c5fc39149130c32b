import { Menu, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import IconBuildingStore from '@tabler/icons-react/dist/esm/icons/IconBuildingStore.mjs'
import { BusyButton } from '../../components/BusyButton'
import { ChevronDownIcon, decorative } from '../../components/icons/Icons'
import { useChangeBranch } from '../../features/cart/api/checkout-api'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'
import { useSession } from '../../lib/session-context'

// Beside a name only, the icon says what the name is (the label says it to a screen reader).
const BranchIcon = decorative(IconBuildingStore)

/**
 * The branch the next orders are for, in the header beside the currency (spec/1 §2 "Currency and
 * branch dropdowns"): only for a customer with several branches. In the header the name shows from
 * `nameFrom` up (the icon alone below it, the name in its label and title). The choice is the same stored
 * preference the cart page's branch field sets, so each shows what the other chose. The button shows
 * the choice while it is saved (busy, focus kept); a refusal puts the previous one back and says why.
 */
export function BranchMenu({ nameFrom }: { nameFrom?: 'lg' }) {
  const { t } = useTranslation()
  const { user, preferences } = useSession()
  const change = useChangeBranch()
  const branches = user?.customer?.branches ?? []
  if (branches.length <= 1) return null
  const chosenId = change.isPending ? change.variables : preferences.branch
  const chosen = branches.find((branch) => branch.id === chosenId)

  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <BusyButton
          variant="subtle"
          color="gray"
          size="compact-md"
          maw={280}
          leftSection={<BranchIcon size={16} />}
          rightSection={<ChevronDownIcon size={14} />}
          busy={change.isPending}
          aria-label={chosen ? t('branch.label', { branch: chosen.name }) : t('branch.choose')}
          title={chosen?.name}
          data-testid="branch-menu"
        >
          {/* Below `nameFrom` the header has no room for the name: the icon stands for it. A name too
              long for the button ends in an ellipsis (its whole text is the title and the label). */}
          <Text component="span" inherit truncate="end" visibleFrom={nameFrom}>
            {chosen ? chosen.name : t('branch.choose')}
          </Text>
        </BusyButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('branch.title')}</Menu.Label>
        <Menu.RadioGroup
          value={chosen ? String(chosen.id) : null}
          onChange={(value) => {
            const id = Number(value)
            if (id === chosen?.id) return
            change.mutate(id, {
              onError: (error) => {
                // 401 already went to the login page and 403 already showed its toast.
                if (isApiError(error) && error.handled) return
                notifications.show({ color: 'red', message: describeError(error, t) })
              },
            })
          }}
        >
          {branches.map((branch) => (
            <Menu.RadioItem key={branch.id} value={String(branch.id)} closeMenuOnClick>
              {branch.name}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  )
}
