/** The failed-jobs admin routes' messages (modules/jobs), merged in messages.ts. */
export const jobMessages = {
  en: {
    'jobs.retried': 'The job has been queued again.',
    'jobs.retried_all': '{count} jobs have been queued again.',
    'jobs.deleted': 'The failed job has been deleted.',
    'jobs.deleted_all': '{count} failed jobs have been deleted.',
    'jobs.unknown':
      'This job no longer exists in this version of Kinfolio: it cannot be run again.',
  },
  fr: {
    'jobs.retried': 'La tâche a été remise en file.',
    'jobs.retried_all': '{count} tâches ont été remises en file.',
    'jobs.deleted': 'La tâche échouée a été supprimée.',
    'jobs.deleted_all': '{count} tâches échouées ont été supprimées.',
    'jobs.unknown':
      "Cette tâche n'existe plus dans cette version de Kinfolio : elle ne peut pas être relancée.",
  },
  it: {
    'jobs.retried': "L'attività è stata rimessa in coda.",
    'jobs.retried_all': '{count} attività sono state rimesse in coda.',
    'jobs.deleted': "L'attività fallita è stata eliminata.",
    'jobs.deleted_all': '{count} attività fallite sono state eliminate.',
    'jobs.unknown':
      'Questa attività non esiste più in questa versione di Kinfolio: non può essere rieseguita.',
  },
  de: {
    'jobs.retried': 'Der Auftrag wurde erneut eingereiht.',
    'jobs.retried_all': '{count} Aufträge wurden erneut eingereiht.',
    'jobs.deleted': 'Der fehlgeschlagene Auftrag wurde gelöscht.',
    'jobs.deleted_all': '{count} fehlgeschlagene Aufträge wurden gelöscht.',
    'jobs.unknown':
      'Diesen Auftrag gibt es in dieser Kinfolio-Version nicht mehr: Er kann nicht erneut ausgeführt werden.',
  },
} as const;
