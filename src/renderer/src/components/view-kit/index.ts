/**
 * The view kit: the pieces every tab is made of. A tab is a column list, a filter bar of these
 * fields and a detail renderer; data comes in through props (the kit fetches nothing).
 */
export { columnsFor } from './columns';
export { DetailPane } from './DetailPane';
export { DurationField, type Duration } from './DurationField';
export { ActionButton, ButtonRow, type RowAction } from './ButtonRow';
export { Form } from './Form';
export { JsonEditor } from './JsonEditor';
export { FieldList, type Field } from './FieldList';
export { ListSection } from './ListSection';
export { CheckboxField, FormField, JsonTextArea, SelectField, TextField, type SelectOption } from './fields';
export { DraftFilterBar, FilterBar, RefreshButton, type FilterActionsProps } from './FilterBar';
export { filterFieldsFor, seenValues, unsetWhenEmpty, type FilterFieldSpec } from './FilterFields';
export { SectionTabs, type SectionTab } from './SectionTabs';
export { NONE, SubTable, type SubColumn } from './SubTable';
export { parseJsonText, type JsonTextCheck } from './json-text';
export { useDismissOnEscape } from './use-dismiss-on-escape';
export { useDraftFilters, type DraftFilters } from './use-draft-filters';
export { useLocalSearch } from './use-local-search';
export { useSelectedRow, type RowSelectionProps, type SelectedRow } from './use-selected-row';
export { useTabTable, type TabTableProps } from './use-tab-table';
export { WalkStatus } from './WalkStatus';
export {
  useAfterPaintWhile,
  useAutoRefresh,
  useDebouncedCommit,
  useDelayedWhile,
  useNow,
} from './use-timers';
