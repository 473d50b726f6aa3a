// Team member messages, spread into the catalogues of messages.ts.

export const MEMBER_MESSAGES_EN = {
  'member.invited': 'Invite sent.',
  'member.inviteResent': 'Invite sent again.',
  'member.confirmed': 'Welcome to the team. You can sign in now.',
  'member.roleChanged': 'Role changed.',
  'member.permissionsChanged': 'Permissions saved.',
  'member.removed': 'Member removed.',
  'validation.role.invalid': 'Choose one of the team roles.',
  'error.MEMBER_NOT_FOUND': 'Team member not found.',
  'error.INVITE_NOT_FOUND': 'This invite link is not valid: it was used, withdrawn or has expired. Ask for a new one.',
  'error.MEMBER_EMAIL_TAKEN': 'This email already has an ExShip account, so it cannot join a team. Sign in with it, or ask for an invite to another address.',
  'error.INVITE_NOT_PENDING': 'This invite was already accepted.',
} as const;

export const MEMBER_MESSAGES_VI: Record<keyof typeof MEMBER_MESSAGES_EN, string> = {
  'member.invited': 'Đã gửi lời mời.',
  'member.inviteResent': 'Đã gửi lại lời mời.',
  'member.confirmed': 'Chào mừng bạn vào nhóm. Bạn có thể đăng nhập ngay.',
  'member.roleChanged': 'Đã đổi vai trò.',
  'member.permissionsChanged': 'Đã lưu quyền.',
  'member.removed': 'Đã xoá thành viên.',
  'validation.role.invalid': 'Hãy chọn một vai trò trong nhóm.',
  'error.MEMBER_NOT_FOUND': 'Không tìm thấy thành viên.',
  'error.INVITE_NOT_FOUND': 'Liên kết mời không hợp lệ: đã được dùng, đã bị thu hồi hoặc đã hết hạn. Hãy xin lời mời mới.',
  'error.MEMBER_EMAIL_TAKEN': 'Email này đã có tài khoản ExShip nên không thể tham gia nhóm. Hãy đăng nhập bằng email này, hoặc xin lời mời tới một địa chỉ khác.',
  'error.INVITE_NOT_PENDING': 'Lời mời này đã được chấp nhận.',
};
