export { purchasesService } from './billing.purchases.service';
export { liveSubscriptions } from './billing.repository';
export { billingRoutes } from './billing.routes';
export { moveBillingDatesBack } from './billing.sandbox';
export { subscriptionsService } from './billing.subscriptions.service';
export { mayUploadTemplate } from './billing.template-access';
