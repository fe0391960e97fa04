import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { signOutAction } from "@/server/team/auth-actions";

/** A plain form, so signing out works without JavaScript too. */
export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <Button type="submit" variant="outline" size="sm">
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    </form>
  );
}
