// SPDX-License-Identifier: MIT
// pmt's OWN STAND-IN for Polymarket's CtfCollateralAdapter (whose source is not on npm), written
// from its published behaviour: the same split/merge/redeem ABI as the Conditional Tokens
// contract; the caller pays and is paid in pUSD while the positions stay backed by USDC.e, so the
// tokens it hands out are the market's own (USDC.e) position ids. The pUSD <-> USDC.e wrapping is
// simulated by minting the stand-in ERC-20s. Placed at the adapter's published address.
pragma solidity 0.8.26;

interface IStandInERC20 {
    function mint(address to, uint256 value) external;
    function approve(address spender, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

interface ICTF {
    function splitPosition(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] calldata partition, uint256 amount) external;
    function mergePositions(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] calldata partition, uint256 amount) external;
    function redeemPositions(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] calldata indexSets) external;
    function getCollectionId(bytes32 parentCollectionId, bytes32 conditionId, uint256 indexSet) external view returns (bytes32);
    function getPositionId(address collateralToken, bytes32 collectionId) external pure returns (uint256);
    function balanceOf(address owner, uint256 id) external view returns (uint256);
    function safeBatchTransferFrom(address from, address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external;
}

contract StandInCollateralAdapter {
    address constant CTF = 0x4D97DCd97eC945f40cF65F87097ACe5EA0476045;
    address constant USDCE = 0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174;
    address constant PUSD = 0xC011a7E12a19f7B1f670d46F03B03f3342E82DFB;

    function _binary() private pure returns (uint256[] memory p) {
        p = new uint256[](2);
        p[0] = 1;
        p[1] = 2;
    }

    function _ids(bytes32 conditionId) private view returns (uint256[] memory ids) {
        ids = new uint256[](2);
        for (uint256 i = 0; i < 2; i++) {
            ids[i] = ICTF(CTF).getPositionId(USDCE, ICTF(CTF).getCollectionId(bytes32(0), conditionId, i + 1));
        }
    }

    function _pair(uint256 a, uint256 b) private pure returns (uint256[] memory v) {
        v = new uint256[](2);
        v[0] = a;
        v[1] = b;
    }

    function splitPosition(address, bytes32, bytes32 conditionId, uint256[] calldata, uint256 amount) external {
        require(IStandInERC20(PUSD).transferFrom(msg.sender, address(this), amount), "pUSD transfer");
        IStandInERC20(USDCE).mint(address(this), amount); // stands in for unwrapping pUSD
        IStandInERC20(USDCE).approve(CTF, amount);
        ICTF(CTF).splitPosition(USDCE, bytes32(0), conditionId, _binary(), amount);
        ICTF(CTF).safeBatchTransferFrom(address(this), msg.sender, _ids(conditionId), _pair(amount, amount), "");
    }

    function mergePositions(address, bytes32, bytes32 conditionId, uint256[] calldata, uint256 amount) external {
        ICTF(CTF).safeBatchTransferFrom(msg.sender, address(this), _ids(conditionId), _pair(amount, amount), "");
        ICTF(CTF).mergePositions(USDCE, bytes32(0), conditionId, _binary(), amount);
        IStandInERC20(PUSD).mint(msg.sender, amount); // stands in for wrapping the USDC.e back
    }

    function redeemPositions(address, bytes32, bytes32 conditionId, uint256[] calldata) external {
        uint256[] memory ids = _ids(conditionId);
        uint256[] memory held = _pair(ICTF(CTF).balanceOf(msg.sender, ids[0]), ICTF(CTF).balanceOf(msg.sender, ids[1]));
        ICTF(CTF).safeBatchTransferFrom(msg.sender, address(this), ids, held, "");
        uint256 before = IStandInERC20(USDCE).balanceOf(address(this));
        ICTF(CTF).redeemPositions(USDCE, bytes32(0), conditionId, _binary());
        uint256 paid = IStandInERC20(USDCE).balanceOf(address(this)) - before;
        if (paid > 0) IStandInERC20(PUSD).mint(msg.sender, paid);
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return 0xf23a6e61;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata) external pure returns (bytes4) {
        return 0xbc197c81;
    }
}
