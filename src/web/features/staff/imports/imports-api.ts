import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ImportPreview, ImportPreviewBody, ImportUpload } from '../../../../contracts/imports'
import type { Job } from '../../../../contracts/integration-jobs'
import { IMPORT_RESOURCES, type ImportArea, type ImportResource } from '../../../../domain/import-fields'
import { apiFetch } from '../../../lib/api-client'

/** The staff door of a resource's area (`/yonetim/import/catalogue`, `/yonetim/import/payments`). */
export const importBase = (area: ImportArea) => `/yonetim/import/${area}`
export const areaOf = (resource: ImportResource): ImportArea => IMPORT_RESOURCES[resource].area

/** POST …/uploads: the file, read on the server and kept an hour. */
export function useUploadFile() {
  return useMutation({
    mutationFn: ({ resource, file }: { resource: ImportResource; file: File }) => {
      const body = new FormData()
      body.set('resource', resource)
      body.set('fileName', file.name)
      body.set('file', file)
      return apiFetch<ImportUpload>(`${importBase(areaOf(resource))}/uploads`, { method: 'POST', body })
    },
  })
}

/** POST …/uploads/{id}/preview: a page of the dry run (run again only for another mapping). */
export function usePreview(upload: ImportUpload | null, body: ImportPreviewBody | null) {
  return useQuery({
    queryKey: ['staff', 'import', 'preview', upload?.uploadId, body],
    queryFn: ({ signal }) =>
      apiFetch<ImportPreview>(`${importBase(areaOf(upload!.resource))}/uploads/${upload!.uploadId}/preview`, {
        method: 'POST',
        json: body,
        signal,
      }),
    enabled: upload !== null && body !== null,
    placeholderData: (previous) => previous,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}

/** POST …/uploads/{id}/start: the import as a job (the recent imports read again: it is among them). */
export function useStartImport() {
  const queryClient = useQueryClient()
  return useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'import', 'jobs'] }),
    mutationFn: ({ upload, mapping }: { upload: ImportUpload; mapping: (string | null)[] }) =>
      apiFetch<{ jobId: number }>(`${importBase(areaOf(upload.resource))}/uploads/${upload.uploadId}/start`, {
        method: 'POST',
        json: { mapping },
      }),
  })
}

const running = (job: Job | undefined) =>
  job !== undefined && (job.status === 'queued' || job.status === 'running')

/** GET …/jobs/{id}, every second while it runs. */
export function useImportJob(area: ImportArea | null, id: number | null) {
  return useQuery({
    queryKey: ['staff', 'import', 'job', area, id],
    queryFn: ({ signal }) => apiFetch<Job>(`${importBase(area!)}/jobs/${id}`, { signal }),
    enabled: area !== null && id !== null,
    refetchInterval: (query) => (query.state.data === undefined || running(query.state.data) ? 1000 : false),
    staleTime: 0,
  })
}

/** GET …/jobs: the area's latest imports. */
export function useRecentImports(area: ImportArea, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'import', 'jobs', area],
    queryFn: ({ signal }) => apiFetch<{ items: Job[] }>(`${importBase(area)}/jobs`, { signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.items.some(running) ? 2000 : false),
  })
}
