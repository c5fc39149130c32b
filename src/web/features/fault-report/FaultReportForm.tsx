import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect, useRef, useState } from 'react'
import { FAULT_DESCRIPTION_MAX, FAULT_DESCRIPTION_MIN, FAULT_SERIAL_MAX } from '../../../domain/fault-report'
import { AlertIcon, CheckIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'
import { FaultProductPicker } from './FaultProductPicker'
import { faultFormErrors, PHOTO_ACCEPT, PHOTO_MB, photoError } from './fault-form-rules'
import { type FaultReportInput, useFileFaultReport } from './fault-report-api'

const emptyReport: FaultReportInput = {
  productCode: '',
  serialNumber: '',
  description: '',
  contactPhone: '',
  photo: null,
}

/**
 * The fault report form (spec/2 §2): the product code, typed or filled by the picker, the serial
 * number, the description, the phone to call back and an optional photo. Wrong fields are named next
 * to themselves (checked here, then by the server, whose messages land at the same fields) and what
 * was typed stays. After sending, the number is shown and the form is ready for the next report (the
 * phone kept).
 */
export function FaultReportForm() {
  const { t } = useTranslation()
  const file = useFileFaultReport()
  const [sentNo, setSentNo] = useState<string | null>(null)
  const sentRef = useRef<HTMLDivElement>(null)
  const form = useForm<FaultReportInput>({
    initialValues: emptyReport,
    validate: (values) => {
      const errors: Record<string, string> = { ...faultFormErrors(values, t) }
      const photo = photoError(values.photo, t)
      if (photo) errors.photo = photo
      return errors
    },
  })

  // The focus goes to the confirmation, so a screen reader reads the number and the next Tab starts the form again.
  useEffect(() => {
    if (sentNo) sentRef.current?.focus()
  }, [sentNo])

  const submit = form.onSubmit((values) => {
    if (file.isPending) return
    setSentNo(null)
    file.mutate(values, {
      onSuccess: (answer) => {
        setSentNo(answer.report.reportNo)
        form.setValues({ ...emptyReport, contactPhone: values.contactPhone })
        form.resetDirty()
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) form.setErrors(error.fields)
      },
    })
  })
  const failed = file.isError && !(isApiError(file.error) && (file.error.handled || file.error.fields))

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate aria-labelledby="fault-form-title">
        <Stack gap="md">
          <Title order={2} size="h3" id="fault-form-title">
            {t('faultReport.form.title')}
          </Title>
          {sentNo && (
            <Alert
              ref={sentRef}
              tabIndex={-1}
              color="green"
              variant="light"
              icon={<CheckIcon />}
              role="status"
              data-testid="fault-report-sent"
            >
              {t('faultReport.form.sent', { no: sentNo })}
            </Alert>
          )}
          {failed && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeError(file.error, t)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={t('faultReport.form.productCode')}
              description={t('faultReport.form.productCodeHint')}
              required
              autoComplete="off"
              inputContainer={(input) => (
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                  <FaultProductPicker
                    onPick={(code) => {
                      form.setFieldValue('productCode', code)
                      form.clearFieldError('productCode')
                    }}
                  />
                </Group>
              )}
              {...form.getInputProps('productCode')}
              name="productCode"
            />
            <TextInput
              label={t('faultReport.form.serialNumber')}
              description={t('faultReport.form.serialNumberHint')}
              maxLength={FAULT_SERIAL_MAX}
              autoComplete="off"
              {...form.getInputProps('serialNumber')}
              name="serialNumber"
            />
          </SimpleGrid>
          <Textarea
            label={t('faultReport.form.description')}
            description={t('faultReport.form.descriptionHint', {
              min: FAULT_DESCRIPTION_MIN,
              max: FAULT_DESCRIPTION_MAX,
            })}
            required
            rows={5}
            resize="vertical"
            maxLength={FAULT_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
            name="description"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              type="tel"
              label={t('faultReport.form.contactPhone')}
              description={t('faultReport.form.contactPhoneHint')}
              required
              autoComplete="tel"
              inputMode="tel"
              {...form.getInputProps('contactPhone')}
              name="contactPhone"
            />
            <FileInput
              label={t('faultReport.form.photo')}
              description={t('faultReport.form.photoHint', { mb: PHOTO_MB })}
              placeholder={t('faultReport.form.photoPlaceholder')}
              // Mantine's placeholder grey (gray.5) is 2:1 on white; the theme's dimmed text is 6:1.
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              accept={PHOTO_ACCEPT}
              clearable
              clearButtonProps={{ 'aria-label': t('faultReport.form.photoClear') }}
              {...form.getInputProps('photo')}
              name="photo"
              data-testid="fault-photo"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={file.isPending} data-testid="fault-report-submit">
              {t('faultReport.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
