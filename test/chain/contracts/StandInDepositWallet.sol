// SPDX-License-Identifier: MIT
// pmt's OWN STAND-IN for Polymarket's deposit wallet and its factory (their sources are not in
// the npm registry), written from the published behaviour in @polymarket/builder-relayer-client
// and @polymarket/client: the owner signs an EIP-712 `Batch(address wallet,uint256 nonce,uint256
// deadline,Call[] calls)` / `Call(address target,uint256 value,bytes data)` under the domain
// {name: "DepositWallet", version: "1", chainId, verifyingContract: wallet}; the relayer submits
// it through the factory (0x00000000000Fb5C9ADea0298D729A0CB3823Cc07), and the wallet runs the
// calls as itself. The wallet reads its `nonce()` (the clients' depositWalletV1Abi). Wallet
// addresses are not the real CREATE2 derivation (plain `new`).
pragma solidity 0.8.26;

struct WalletCall {
    address target;
    uint256 value;
    bytes data;
}

contract StandInDepositWallet {
    bytes32 constant CALL_TYPEHASH = keccak256("Call(address target,uint256 value,bytes data)");
    bytes32 constant BATCH_TYPEHASH = keccak256("Batch(address wallet,uint256 nonce,uint256 deadline,Call[] calls)Call(address target,uint256 value,bytes data)");
    address public immutable factory;
    address public immutable owner;
    uint256 public nonce;

    constructor(address _owner) {
        factory = msg.sender;
        owner = _owner;
    }

    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"), keccak256("DepositWallet"), keccak256("1"), block.chainid, address(this)));
    }

    function batchDigest(uint256 _nonce, uint256 deadline, WalletCall[] calldata calls) public view returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) hashes[i] = keccak256(abi.encode(CALL_TYPEHASH, calls[i].target, calls[i].value, keccak256(calls[i].data)));
        bytes32 structHash = keccak256(abi.encode(BATCH_TYPEHASH, address(this), _nonce, deadline, keccak256(abi.encodePacked(hashes))));
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    function executeBatch(WalletCall[] calldata calls, uint256 _nonce, uint256 deadline, bytes calldata signature) external {
        require(msg.sender == factory, "only the factory");
        require(block.timestamp <= deadline, "batch expired");
        require(_nonce == nonce, "batch nonce does not match on-chain nonce");
        require(signature.length == 65, "signature length");
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        require(ecrecover(batchDigest(_nonce, deadline, calls), v, r, s) == owner, "not signed by the owner");
        nonce = _nonce + 1;
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory ret) = calls[i].target.call{value: calls[i].value}(calls[i].data);
            if (!ok) {
                assembly {
                    revert(add(ret, 32), mload(ret))
                }
            }
        }
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return 0xf23a6e61;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata) external pure returns (bytes4) {
        return 0xbc197c81;
    }
}

contract StandInDepositWalletFactory {
    mapping(address => address) public walletOf;

    function deploy(address owner) external returns (address w) {
        require(walletOf[owner] == address(0), "deployed");
        w = address(new StandInDepositWallet(owner));
        walletOf[owner] = w;
    }

    /** What the relayer calls with a batch its owner signed. */
    function relay(address wallet, WalletCall[] calldata calls, uint256 nonce, uint256 deadline, bytes calldata signature) external {
        StandInDepositWallet(wallet).executeBatch(calls, nonce, deadline, signature);
    }
}
