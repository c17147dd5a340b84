/** Bulk item operations (modules/items/bulk.ts), merged into the catalogues of messages.ts. */
export const bulkMessages = {
  en: {
    // The cap is BULK_MAX_IDS in the contract.
    'bulk.too_many': 'Select at most 500 items at a time.',
    'bulk.empty': 'Select at least one item.',
    'bulk.unknown': 'Some of the selected items do not exist or are of another type.',
    'bulk.changed': 'Items changed: {count}.',
    'bulk.trashed': 'Items moved to the trash: {count}.',
    'bulk.restored': 'Items restored: {count}.',
    'bulk.hard_deleted': 'Items deleted for good: {count}.',
    'bulk.reverted': 'Items put back as they were: {count}.',
  },
  fr: {
    'bulk.too_many': 'Sélectionnez au plus 500 éléments à la fois.',
    'bulk.empty': 'Sélectionnez au moins un élément.',
    'bulk.unknown': "Certains des éléments sélectionnés n'existent pas ou sont d'un autre type.",
    'bulk.changed': 'Éléments modifiés : {count}.',
    'bulk.trashed': 'Éléments placés dans la corbeille : {count}.',
    'bulk.restored': 'Éléments restaurés : {count}.',
    'bulk.hard_deleted': 'Éléments supprimés définitivement : {count}.',
    'bulk.reverted': 'Éléments remis dans leur état précédent : {count}.',
  },
  it: {
    'bulk.too_many': 'Seleziona al massimo 500 elementi alla volta.',
    'bulk.empty': 'Seleziona almeno un elemento.',
    'bulk.unknown': 'Alcuni degli elementi selezionati non esistono o sono di un altro tipo.',
    'bulk.changed': 'Elementi modificati: {count}.',
    'bulk.trashed': 'Elementi spostati nel cestino: {count}.',
    'bulk.restored': 'Elementi ripristinati: {count}.',
    'bulk.hard_deleted': 'Elementi eliminati definitivamente: {count}.',
    'bulk.reverted': 'Elementi riportati allo stato precedente: {count}.',
  },
  de: {
    'bulk.too_many': 'Wählen Sie höchstens 500 Einträge auf einmal aus.',
    'bulk.empty': 'Wählen Sie mindestens einen Eintrag aus.',
    'bulk.unknown':
      'Einige der ausgewählten Einträge existieren nicht oder sind von einem anderen Typ.',
    'bulk.changed': 'Geänderte Einträge: {count}.',
    'bulk.trashed': 'In den Papierkorb verschobene Einträge: {count}.',
    'bulk.restored': 'Wiederhergestellte Einträge: {count}.',
    'bulk.hard_deleted': 'Endgültig gelöschte Einträge: {count}.',
    'bulk.reverted': 'Auf den vorherigen Stand zurückgesetzte Einträge: {count}.',
  },
} as const;
