/** The ClearLoop tab: filters and a server-paged table. */
import { DataTable } from './data-table';
import { byTestId, PageObject, within } from './page-object';

export class ClearLoopPage extends PageObject((page) => ({
  ...within(
    page,
    { filters: 'clearloop-filters' },
    { actionFilter: 'filter-action', sortFilter: 'filter-sort', executedOnly: 'filter-executed' },
  ),
  ...byTestId(page, {
    pageStatus: 'page-status',
    next: 'page-next',
    prev: 'page-prev',
    pageSize: 'page-size',
  }),
})) {
  readonly table = new DataTable(this.page, 'clearloop');
}
