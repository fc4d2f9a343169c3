/** The top bar's notice of actions whose outcome is unknown or that were moved to the background, and its list. */
import { byTestId, PageObject } from './page-object';

export class ActionNotice extends PageObject((page) =>
  byTestId(page, {
    button: 'unsettled-notice',
    list: 'unsettled-list',
    /** Each action whose outcome is (or was, until settled in this view) unknown. */
    items: 'unsettled-item',
    close: 'unsettled-close',
  }),
) {}
