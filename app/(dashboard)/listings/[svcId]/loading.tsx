import { WorkspaceSkeleton } from "@/components/listing/workspace/workspace-skeleton";

export default function Loading() {
  return <WorkspaceSkeleton />;
}
