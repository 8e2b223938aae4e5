import { CartService } from './cart.service';
import { CheckoutHolds } from './checkout-holds';
import { CheckoutRefusals } from './checkout-refusals';
import { CheckoutService } from './checkout.service';
import { CommerceFacts } from './commerce-facts';
import { EnrolmentsService } from './enrolments.service';
import { AdminOrdersController } from './http/admin-orders.controller';
import { CartController } from './http/cart.controller';
import { CheckoutController } from './http/checkout.controller';
import { EnrolController } from './http/enrol.controller';
import { OrdersController } from './http/orders.controller';
import { PaymentWebhooksController } from './http/payment-webhooks.controller';
import { ProgressController } from './http/progress.controller';
import { ReviewsController } from './http/reviews.controller';
import { LearningClock } from './learning-clock';
import { OrderExpiryReactor } from './order-expiry.reactor';
import { OrderFulfilmentReactor } from './order-fulfilment.reactor';
import { OrdersService } from './orders.service';
import { PaymentProvidersLifecycle, paymentProvidersProvider } from './payment-providers.provider';
import { PaymentSubjects } from './payment-subjects';
import { PaymentWebhooksService } from './payment-webhooks.service';
import { ProgressService } from './progress.service';
import { CartQueries } from './queries/cart.queries';
import { OrdersQueries } from './queries/orders.queries';
import { RefundEligibilityQueries } from './queries/refund-eligibility.queries';
import { RefundProgress } from './refund-progress';
import { ReviewsService } from './reviews.service';

/** Buying and learning: cart, checkout and payments, orders and refunds, free enrolment, progress, reviews. */
export const COMMERCE_CONTROLLERS = [
  AdminOrdersController,
  CartController,
  CheckoutController,
  EnrolController,
  OrdersController,
  PaymentWebhooksController,
  ProgressController,
  ReviewsController,
];

export const COMMERCE_PROVIDERS = [
  paymentProvidersProvider,
  PaymentProvidersLifecycle,
  LearningClock,
  CommerceFacts,
  CartService,
  CartQueries,
  CheckoutService,
  CheckoutHolds,
  CheckoutRefusals,
  EnrolmentsService,
  OrdersService,
  OrdersQueries,
  RefundEligibilityQueries,
  RefundProgress,
  PaymentWebhooksService,
  PaymentSubjects,
  ProgressService,
  ReviewsService,
  OrderFulfilmentReactor,
  OrderExpiryReactor,
];
