/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.admin.Admin;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A real Fluss connection whose calls, and its admin's, pass through interceptors first: for tests
 * that count requests or hold their answers back. Anything not intercepted is the real call.
 */
public final class InterceptedConnection {

    /** Sees a call; makes it with {@code real.call()} (or answers instead). */
    public interface Interceptor {
        Object intercept(Method method, Object[] args, RealCall real) throws Throwable;
    }

    /** The intercepted call itself. */
    public interface RealCall {
        Object call() throws Throwable;
    }

    /** Makes every call as it is. */
    public static final Interceptor NONE = (method, args, real) -> real.call();

    private InterceptedConnection() {}

    public static Connection of(
            Connection connection, Interceptor onConnection, Interceptor onAdmin) {
        return intercepted(
                Connection.class,
                connection,
                (method, args, real) ->
                        method.getName().equals("getAdmin")
                                ? intercepted(Admin.class, connection.getAdmin(), onAdmin)
                                : onConnection.intercept(method, args, real));
    }

    /** {@code target} seen through {@code type}, its calls passing through the interceptor. */
    public static <T> T intercepted(Class<T> type, T target, Interceptor interceptor) {
        return type.cast(
                Proxy.newProxyInstance(
                        type.getClassLoader(),
                        new Class<?>[] {type},
                        (proxy, method, args) ->
                                interceptor.intercept(
                                        method, args, () -> invoke(method, target, args))));
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
