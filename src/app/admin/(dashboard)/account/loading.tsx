import { DashboardLoading } from "@/components/admin/dashboard-nav";

export default function Loading() {
  return <DashboardLoading label="your account" />;
}
