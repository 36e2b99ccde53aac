import type { Metadata } from "next";
import { OrderView } from "@/components/orders/order-timeline";
import { routeParam } from "@/components/route-param";

export const metadata: Metadata = { title: "Order" };

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  return <OrderView orderId={routeParam((await params).id)} />;
}
