-- An admin puts a dead mail back in the queue (decision 0054): audited as 'mail.retry' on a 'mail'.
alter table admin_audit drop constraint admin_audit_action_check;
alter table admin_audit add constraint admin_audit_action_check check (
  action in ('wallet.adjust', 'member.role', 'member.suspend', 'member.unsuspend', 'lot.cancel',
             'top-up.refresh', 'order.resolve', 'rating.remove', 'member.close', 'payout.retry',
             'withdrawal.retry', 'mail.retry'));
alter table admin_audit drop constraint admin_audit_target_type_check;
alter table admin_audit add constraint admin_audit_target_type_check
  check (target_type in ('user', 'lot', 'top-up', 'order', 'rating', 'payout', 'withdrawal',
                         'mail'));
