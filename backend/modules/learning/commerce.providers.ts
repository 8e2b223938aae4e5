import { CartService } from './cart.service';
import { CertificatesService } from './certificates.service';
import { CheckoutService } from './checkout.service';
import { CheckoutHolds } from './checkout-holds';
import { CheckoutRefusals } from './checkout-refusals';
import { CommerceFacts } from './commerce-facts';
import { EnrolmentsService } from './enrolments.service';
import { AdminOrdersController } from './http/admin-orders.controller';
import { CartController } from './http/cart.controller';
import { CertificatesController } from './http/certificates.controller';
import { CheckoutController } from './http/checkout.controller';
import { EnrolController } from './http/enrol.controller';
import { OrdersController } from './http/orders.controller';
import { ProgressController } from './http/progress.controller';
import { ReviewsController } from './http/reviews.controller';
import { LearningClock } from './learning-clock';
import { OrderExpiryReactor } from './order-expiry.reactor';
import { OrderFulfilmentReactor } from './order-fulfilment.reactor';
import { OrderPayments } from './order-payments';
import { OrdersService } from './orders.service';
import { ProgressService } from './progress.service';
import { CartQueries } from './queries/cart.queries';
import { CertificatesQueries } from './queries/certificates.queries';
import { OrdersQueries } from './queries/orders.queries';
import { RefundEligibilityQueries } from './queries/refund-eligibility.queries';
import { RefundProgress } from './refund-progress';
import { ReviewsService } from './reviews.service';

/**
 * Buying and learning: cart, checkout, orders as payment subjects and their refunds, free enrolment,
 * progress, reviews. The providers and their webhook routes are the payments module's.
 */
export const COMMERCE_CONTROLLERS = [
  AdminOrdersController,
  CartController,
  CertificatesController,
  CheckoutController,
  EnrolController,
  OrdersController,
  ProgressController,
  ReviewsController,
];

export const COMMERCE_PROVIDERS = [
  LearningClock,
  CommerceFacts,
  CartService,
  CartQueries,
  CheckoutService,
  CheckoutHolds,
  CheckoutRefusals,
  EnrolmentsService,
  OrdersService,
  OrderPayments,
  OrdersQueries,
  RefundEligibilityQueries,
  RefundProgress,
  ProgressService,
  CertificatesService,
  CertificatesQueries,
  ReviewsService,
  OrderFulfilmentReactor,
  OrderExpiryReactor,
];
