/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.embedded;

import org.apache.fluss.security.acl.AccessControlEntry;
import org.apache.fluss.security.acl.AclBinding;
import org.apache.fluss.server.ServerBase;
import org.apache.fluss.server.authorizer.DefaultAuthorizer;

import java.util.Collection;

/** What the servers' authorizers enforce now, which lags behind the admin calls that set ACLs. */
final class ServerAcls {

    private ServerAcls() {}

    /** Whether every server allows exactly these ACLs ({@code present}) or none of them. */
    static boolean allEnforce(
            Collection<? extends ServerBase> servers,
            Collection<AclBinding> acls,
            boolean present) {
        for (ServerBase server : servers) {
            DefaultAuthorizer authorizer = (DefaultAuthorizer) server.getAuthorizer();
            if (authorizer == null) {
                throw new IllegalStateException("This cluster is not secured: it has no ACLs");
            }
            for (AclBinding acl : acls) {
                AccessControlEntry entry = acl.getAccessControlEntry();
                boolean allowed =
                        authorizer.aclsAllowAccess(
                                acl.getResource(),
                                entry.getPrincipal(),
                                entry.getOperationType(),
                                entry.getHost());
                if (allowed != present) {
                    return false;
                }
            }
        }
        return true;
    }
}
